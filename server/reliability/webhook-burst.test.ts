import type Stripe from "stripe";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaidTier } from "../../common/tiers";
import { LIVE_STATUSES } from "../billing/provider";
import { ensureStripeCatalog } from "../billing/stripe/stripe-catalog";
import { startStripeStandIn, type StripeStandIn } from "../test/stripe-stand-in";
import { call, signUp, waitUntil } from "./http-client";
import { killHard, startServerProcess, type ServerProcess } from "./server-process";
import { createStores, onPostgres } from "./store-env";

// A webhook burst must not take an instance out (issue 26): Stripe answers each read after
// BURST_STRIPE_DELAY_MS (3 s in the report; 1 s by default: 100 syncs at 1 s each over 10 pool
// connections were already a 10 s queue), 100 signed customer.subscription.updated events reach one
// instance at once, and meanwhile a
// signed-in member's pages and /api/ready keep answering 200 within MEMBER_BOUND_MS. Before the fix
// every sync held a pool connection in a transaction while Stripe answered: the dashboard and the
// readiness ping queued behind them and answered 503 after the pool's 5 s wait.
// While those reads are on their way Stripe changes every subscription once more and tells the other
// instance (on PostgreSQL a second process; on PGlite the same one): every tier ends on Stripe's truth.
const STRIPE_DELAY_MS = Number(process.env.BURST_STRIPE_DELAY_MS ?? 1000);
const MEMBER_BOUND_MS = Number(process.env.BURST_MEMBER_BOUND_MS ?? 2000);
const CUSTOMERS = 20;
const EVENTS_PER_CUSTOMER = 5;
const PLANS: PaidTier[] = ["inventor", "entrepreneur", "brand-ceo"];
/** The statuses each customer moves through before the burst; the last one is overtaken mid-burst. */
const STEPS: Stripe.Subscription.Status[] = ["past_due", "active", "unpaid", "past_due", "active"];

const stores = createStores("webhook-burst");
let stripe: StripeStandIn;
let one: ServerProcess;
/** Where the late events go: a second instance on PostgreSQL, the same one on PGlite (one process owns its data folder). */
let other: ServerProcess;

interface Customer {
  cookie: string;
  plan: PaidTier;
  subscriptionId: string;
  customerId: string;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  ms: number;
}

async function post(server: ServerProcess, event: Stripe.Event): Promise<Answer> {
  const { payload, signature } = stripe.signedWebhook(event);
  const started = Date.now();
  const response = await fetch(`${server.base}/api/billing/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: response.headers.get("retry-after"), ms: Date.now() - started };
}

/** Stripe's delivery: a refused event comes again later (here after its Retry-After) until it is taken. */
async function deliver(server: ServerProcess, event: Stripe.Event, refusals: Answer[]): Promise<void> {
  for (;;) {
    const answer = await post(server, event);
    if (answer.status >= 200 && answer.status < 300) return;
    refusals.push(answer);
    if (answer.status !== 503 || refusals.length > 500) throw new Error(`webhook ${event.id} answered ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, Number(answer.retryAfter ?? 1) * 1000));
  }
}

/** A member who paid for `plan` through Checkout on instance one. */
async function customer(index: number): Promise<Customer> {
  const plan = PLANS[index % PLANS.length] as PaidTier;
  const signedUp = await signUp(one.base, `burst-${index}@example.com`, `Burst Member ${index}`);
  expect(signedUp.status).toBe(200);
  const checkout = await call(one.base, "/api/billing/checkout", { body: { plan }, cookie: signedUp.cookie });
  expect(checkout.status, JSON.stringify(checkout.json)).toBe(200);
  const events = stripe.completeCheckout(String(checkout.json?.url).split("/pay/")[1] ?? "");
  for (const event of events) await deliver(one, event, []);
  const subscription = events.find((event) => event.type === "customer.subscription.created")?.data.object as Stripe.Subscription;
  return { cookie: signedUp.cookie, plan, subscriptionId: subscription.id, customerId: String(subscription.customer) };
}

/** GET /v1/subscriptions reads of `customerId` that reached Stripe since request number `since`. */
const readsOf = (customerId: string, since: number) => stripe.requests.slice(since).filter((request) => request.method === "GET" && request.path === "/v1/subscriptions" && request.query.customer === customerId).length;

/** The instances' database, watched from outside on PostgreSQL. */
let watcher: pg.Client | null = null;

/** Connections of the instances idle in an open transaction for over half a second: what a sync waiting for Stripe used to hold. */
async function heldTransactions(): Promise<number> {
  if (!watcher) return 0;
  const { rows } = await watcher.query<{ held: string }>(
    "select count(*) as held from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%' and state_change < now() - interval '500 milliseconds'",
  );
  return Number(rows[0]?.held ?? 0);
}

/**
 * The tier stored for the member: on PostgreSQL read in the database (the late events were handled by
 * the other instance, whose cache this one need not share yet); on PGlite as the one instance answers it.
 */
async function storedTier(member: Customer): Promise<unknown> {
  if (watcher) {
    const { rows } = await watcher.query<{ tier: string }>("select u.membership_tier as tier from users u join billing_customers b on b.user_id = u.id where b.customer_id = $1", [member.customerId]);
    return rows[0]?.tier;
  }
  const me = await call(one.base, "/api/me", { cookie: member.cookie });
  return (me.json?.user as { membershipTier?: unknown } | undefined)?.membershipTier;
}

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: "sk_test_burst12345" });
  await ensureStripeCatalog(stripe.client());
  const store = await stores.storeEnv();
  const env = {
    ...store,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_burst12345",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  };
  // The second instance starts after the first migrated the empty database.
  one = await startServerProcess(env);
  other = onPostgres ? await startServerProcess(env) : one;
  if (onPostgres) {
    watcher = new pg.Client({ connectionString: store.DATABASE_URL });
    await watcher.connect();
  }
}, 180_000);

afterAll(async () => {
  await watcher?.end();
  if (one) await killHard(one);
  if (other && other !== one) await killHard(other);
  await stripe?.close();
  await stores.cleanup();
});

describe("a burst of subscription webhooks while Stripe answers slowly", () => {
  it("keeps members' pages and readiness answering, holds no connection while Stripe answers, and ends every tier on Stripe's truth", async () => {
    const customers: Customer[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1) customers.push(await customer(index));
    const member = customers[0] as Customer;
    expect((await call(one.base, "/api/members/dashboard", { cookie: member.cookie })).status).toBe(200);

    const burst = customers.flatMap((subscriber, index) => STEPS.map((_, step) => stripe.setSubscriptionStatus(subscriber.subscriptionId, STEPS[(index + step) % STEPS.length] as Stripe.Subscription.Status)));
    expect(burst).toHaveLength(CUSTOMERS * EVENTS_PER_CUSTOMER);
    expect(new Set(burst.map((event) => event.type))).toEqual(new Set(["customer.subscription.updated"]));

    stripe.slowResponses(STRIPE_DELAY_MS, STRIPE_DELAY_MS);
    const requestsBefore = stripe.requests.length;
    const refusals: Answer[] = [];
    let delivered = false;
    const early = Promise.all(burst.map((event) => deliver(one, event, refusals)));
    // Once every customer's read is on its way, Stripe moves each subscription across the paid line and
    // tells the other instance: a read in flight that was stored after the newer one would show.
    const flip = (index: number): Stripe.Subscription.Status => (LIVE_STATUSES.has(STEPS[(index + STEPS.length - 1) % STEPS.length] ?? "") ? "unpaid" : "active");
    const late = waitUntil("every customer's read reached Stripe", () => customers.every((subscriber) => readsOf(subscriber.customerId, requestsBefore) > 0), 30_000).then(() =>
      Promise.all(customers.map((subscriber, index) => deliver(other, stripe.setSubscriptionStatus(subscriber.subscriptionId, flip(index)), refusals))),
    );
    const allDelivered = Promise.all([early, late]).finally(() => (delivered = true));

    const slow: string[] = [];
    let samples = 0;
    let mostHeld = 0;
    while (!delivered) {
      samples += 1;
      const timed = async (what: string, url: string, cookie?: string) => {
        const started = Date.now();
        const answer = await call(one.base, url, { cookie });
        const ms = Date.now() - started;
        if (answer.status !== 200 || ms > MEMBER_BOUND_MS) slow.push(`${what}: ${answer.status} after ${ms} ms`);
      };
      const [held] = await Promise.all([heldTransactions(), timed("dashboard", "/api/members/dashboard", member.cookie), timed("me", "/api/me", member.cookie), timed("ready", "/api/ready")]);
      mostHeld = Math.max(mostHeld, held);
      // A member clicking about, not a load test of its own: a sample every tenth of a second.
      await Promise.race([allDelivered.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 100))]);
    }
    await allDelivered;

    expect(slow, `${samples} samples while ${burst.length} webhooks were handled`).toEqual([]);
    expect(samples).toBeGreaterThan(1);
    expect(mostHeld, "connections held in a transaction while Stripe answered").toBe(0);
    // Refused webhooks were refused at once, with a time to come back (none expected at this size).
    expect(refusals.filter((answer) => answer.status !== 503 || !answer.retryAfter || answer.ms > MEMBER_BOUND_MS)).toEqual([]);
    // Events that arrive while a sync of their customer waits share it: at most two reads per wave.
    const reads = customers.map((subscriber) => readsOf(subscriber.customerId, requestsBefore));
    expect(Math.max(...reads), `reads per customer: ${reads.join(",")}`).toBeLessThanOrEqual(4);

    stripe.slowResponses(0);
    const mismatches: string[] = [];
    for (const subscriber of customers) {
      const truth = await stripe.client().subscriptions.retrieve(subscriber.subscriptionId);
      const expected = LIVE_STATUSES.has(truth.status) ? subscriber.plan : "free";
      const tier = await storedTier(subscriber);
      if (tier !== expected) mismatches.push(`${subscriber.customerId}: stored ${String(tier)}, Stripe says ${truth.status} (${expected})`);
    }
    expect(mismatches).toEqual([]);
  }, 180_000);
});
