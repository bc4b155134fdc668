import { eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type Stripe from "stripe";
import { webhookEvents } from "./billing.table";
import { confirmCheckout } from "./checkout.service";
import { BillingBusyError } from "./connection-share";
import { releaseHold } from "./coupon-holds.service";
import { syncCustomer, type BillingDeps } from "./sync";

interface WebhookOptions {
  deps: BillingDeps;
  stripe: Stripe;
  webhookSecret: string | undefined;
}

const SYNCED_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

/** Stripe ignores it (it retries on its own schedule), but it tells anyone else when to try again. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * Stripe webhooks on the raw body. Bad or missing signature (or older than 5 minutes): 400. Each
 * event id is handled once; every handled event ends in one sync of its customer (an expired
 * checkout gives its coupon hold back), so order and repetition do not matter. 2xx only once the
 * effect is stored; a failure answers 500 and billing too busy to take it (customer-lock.ts) 503 with
 * Retry-After, so Stripe retries. Unknown types answer 200.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { deps, stripe, webhookSecret }: WebhookOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  app.post("/api/billing/webhook", async (request, reply) => {
    if (!webhookSecret) {
      request.log.error("STRIPE_WEBHOOK_SECRET is not set: webhooks cannot be verified");
      return reply.code(500).send({ error: { code: "INTERNAL", message: "Webhook secret not configured" } });
    }
    const signature = request.headers["stripe-signature"];
    let event: Stripe.Event;
    try {
      if (typeof signature !== "string" || !(request.body instanceof Buffer)) throw new Error("missing signature or body");
      event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret, 300);
    } catch (error) {
      request.log.warn({ err: error }, "rejected a webhook with a bad signature");
      return reply.code(400).send({ error: { code: "BAD_REQUEST", message: "Invalid signature" } });
    }

    try {
      return await handle(deps, event, request.log);
    } catch (error) {
      if (!(error instanceof BillingBusyError)) throw error;
      request.log.warn({ id: event.id, type: event.type, reason: error.reason }, "webhook deferred: billing is busy, Stripe will retry");
      return reply.code(503).header("retry-after", String(BUSY_RETRY_AFTER_SECONDS)).send({ error: { code: error.code, message: error.message } });
    }
  });
}

/** Handles a verified event once; answers only after its effect is stored. */
async function handle(deps: BillingDeps, event: Stripe.Event, log: FastifyBaseLogger): Promise<{ received: true; duplicate?: true; handled?: boolean }> {
  const [seen] = await deps.lockCustomer.database((db) => db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id)));
  if (seen) return { received: true, duplicate: true };

  const customerId = customerOf(event);
  if (event.type === "checkout.session.completed") {
    const confirmed = await confirmCheckout(deps, event.data.object.id);
    if (!confirmed && customerId) await syncCustomer(deps, customerId);
  } else if (event.type === "checkout.session.expired") {
    const sessionId = event.data.object.id;
    await deps.lockCustomer.database((db) => releaseHold(db, { checkoutSessionId: sessionId }));
  } else if (SYNCED_EVENTS.has(event.type) && customerId) {
    await syncCustomer(deps, customerId);
  } else {
    log.info({ type: event.type, id: event.id }, "webhook event not handled");
    return { received: true, handled: false };
  }
  await deps.lockCustomer.database((db) => db.insert(webhookEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing());
  return { received: true, handled: true };
}

function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  if (!object.customer) return null;
  return typeof object.customer === "string" ? object.customer : object.customer.id;
}
