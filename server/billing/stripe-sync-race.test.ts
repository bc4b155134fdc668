import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../auth/auth.table";
import { buildTestApp, postJson, signUp, uniqueEmail, type TestApp } from "../test/build-test-app";
import { startStripeStandIn, type StripeStandIn } from "../test/stripe-stand-in";
import { billingCustomers, subscriptions } from "./billing.table";
import { ensureStripeCatalog } from "./stripe/stripe-catalog";

let stripe: StripeStandIn;
let t: TestApp;
/** On PostgreSQL a second instance shares the database; the embedded database belongs to one process. */
let other: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: "sk_test_standinrace123" });
  await ensureStripeCatalog(stripe.client());
  const env = { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_PUBLISHABLE_KEY: "pk_test_standinrace123", STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url };
  t = await buildTestApp(env);
  other = process.env.TEST_DB === "postgres" ? await buildTestApp(env, t) : t;
});
afterAll(async () => {
  if (other !== t) await other.close();
  await t.close();
  await stripe.close();
});

const PLANS = ["inventor", "entrepreneur", "brand-ceo"] as const;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether Stripe was asked for each of these customers' subscriptions since request number `since` (events that arrive together share a read). */
const readSince = (since: number, customerIds: string[]) => {
  const read = new Set(stripe.requests.slice(since).flatMap((request) => (request.method === "GET" && request.path === "/v1/subscriptions" ? [String(request.query.customer)] : [])));
  return customerIds.every((customerId) => read.has(customerId));
};

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for Stripe reads");
    await pause(5);
  }
}

/** Stripe delivers each event to whichever instance the load balancer picks. */
function deliver(event: Stripe.Event) {
  const { payload, signature } = stripe.signedWebhook(event);
  return (Math.random() < 0.5 ? t : other).app.inject({ method: "POST", url: "/api/billing/webhook", headers: { "content-type": "application/json", "stripe-signature": signature }, payload });
}

/** A member who paid for `plan` through Stripe Checkout, with the subscription Stripe created. */
async function subscriber(plan: (typeof PLANS)[number]) {
  const email = uniqueEmail("race");
  const cookie = await signUp(t.app, { name: "Racing Member", email, password: "secret1" });
  const started = await postJson(t.app, "/api/billing/checkout", { plan }, { cookie });
  const sessionId = String(started.json().url).split("/pay/")[1] ?? "";
  const events = stripe.completeCheckout(sessionId);
  for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user?.id ?? ""));
  const [customer] = await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, user?.id ?? ""));
  if (!user || !row || !customer) throw new Error("subscription not stored");
  return { userId: user.id, plan, subscriptionId: row.subscriptionId, customerId: customer.customerId };
}

describe("webhook syncs of one customer, racing over a slow network", () => {
  it("leaves every member's stored subscription and tier equal to Stripe's after the last delivery", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, (_, index) => subscriber(PLANS[index % 3] ?? "inventor")));
    stripe.slowResponses(300, 100);
    const deliveries: Array<Promise<{ statusCode: number }>> = [];
    for (let round = 0; round < 5; round += 1) {
      const requestsBefore = stripe.requests.length;
      for (const { subscriptionId } of members) {
        // Renewals that fail and retries that succeed, ending on a failure that the last retry pays, as in the report.
        const events = round === 4 || Math.random() < 0.5 ? stripe.failPayment(subscriptionId) : stripe.renew(subscriptionId);
        deliveries.push(...events.map(deliver));
      }
      // Stripe's state changes again once this round's reads reached it, while their answers are on the way.
      await until(() => readSince(requestsBefore, members.map((member) => member.customerId)));
      await pause(Math.random() * 20);
    }
    // The last change is read over a fast network while older reads are still on their way.
    stripe.slowResponses(0);
    for (const [index, { subscriptionId }] of members.entries()) {
      const events = index % 4 === 0 ? [stripe.setSubscriptionStatus(subscriptionId, "canceled")] : stripe.renew(subscriptionId);
      deliveries.push(...events.map(deliver));
    }
    const answers = await Promise.all(deliveries);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);

    for (const member of members) {
      const truth = await stripe.client().subscriptions.retrieve(member.subscriptionId);
      const [stored] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
      const [user] = await t.database.db.select({ tier: users.membershipTier }).from(users).where(eq(users.id, member.userId));
      expect({ status: stored?.status, periodEnd: stored?.currentPeriodEnd?.getTime() }).toEqual({ status: truth.status, periodEnd: (truth.items.data[0]?.current_period_end ?? 0) * 1000 });
      expect(user?.tier).toBe(truth.status === "canceled" ? "free" : member.plan);
    }
  }, 120_000);
});
