import { inArray } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAID_TIERS, type PaidTier, type Tier } from "../../common/tiers";
import { users } from "../auth/auth.table";
import { buildTestApp, postJson, signUp, uniqueEmail, type TestApp } from "../test/build-test-app";
import { startStripeStandIn, type StripeStandIn } from "../test/stripe-stand-in";
import { billingCustomers, subscriptions, webhookEvents } from "./billing.table";
import { LIVE_STATUSES, PRICE_LOOKUP_KEYS } from "./provider";
import { ensureStripeCatalog } from "./stripe/stripe-catalog";

// Webhook chaos (issue 15, "Money converges"): 1,000 deliveries for 50 customers, shuffled, a fifth
// of the events twice, a tenth of the deliveries tampered with, through the real endpoint; afterwards
// every member's tier and subscription equal the provider's truth. Repeatable: CHAOS_SEED=<n>.
const SEED = Number(process.env.CHAOS_SEED ?? 20261125);
const CUSTOMERS = 50;
const DELIVERIES = 1_000;
const TAMPERED = DELIVERIES / 10;
/** Genuine events plus a fifth of them again fill the other nine tenths. */
const GENUINE = Math.round((DELIVERIES - TAMPERED) / 1.2);
const CONCURRENCY = 4;

/** mulberry32: a small seeded generator, so a failing run can be replayed exactly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Member {
  email: string;
  cookie: string;
  userId: string;
  /** The provider subscription the chaos moves along, if any. */
  subscriptionId: string | null;
}

interface Delivery {
  payload: string;
  signature: string;
  eventId: string;
  kind: "genuine" | "duplicate" | "tampered";
}

let stripe: StripeStandIn;
let t: TestApp;
const random = seededRandom(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: "sk_test_chaos123456" });
  await ensureStripeCatalog(stripe.client());
  t = await buildTestApp({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_chaos123456",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** Opens a checkout through our API and pays it at the provider; returns the provider's events. */
async function subscribe(member: Member, plan: PaidTier): Promise<Stripe.Event[]> {
  const response = await postJson(t.app, "/api/billing/checkout", { plan }, { cookie: member.cookie });
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  const events = stripe.completeCheckout(String(response.json().url).split("/pay/")[1] ?? "");
  const created = events.find((event) => event.type === "customer.subscription.created");
  member.subscriptionId = (created?.data.object as Stripe.Subscription).id;
  return events;
}

/** One step of a member's life at the provider, chosen by the seed. */
async function step(member: Member): Promise<Stripe.Event[]> {
  const subscriptionId = member.subscriptionId;
  if (!subscriptionId) return subscribe(member, pick(PAID_TIERS));
  const status = (await stripe.client().subscriptions.retrieve(subscriptionId)).status;
  if (status === "canceled") return subscribe(member, pick(PAID_TIERS));
  const roll = random();
  if (status === "unpaid") return roll < 0.5 ? [stripe.setSubscriptionStatus(subscriptionId, "active")] : [stripe.setSubscriptionStatus(subscriptionId, "canceled")];
  if (roll < 0.35) return stripe.renew(subscriptionId);
  if (roll < 0.65) return stripe.failPayment(subscriptionId);
  if (roll < 0.8) return [stripe.setSubscriptionStatus(subscriptionId, "canceled")];
  if (roll < 0.9) return [stripe.setSubscriptionStatus(subscriptionId, "unpaid")];
  return [stripe.setSubscriptionStatus(subscriptionId, status === "past_due" ? "active" : "past_due")];
}

/** Three ways to forge: the body changed after signing, someone else's secret, a replay older than 5 minutes. */
function tamper(event: Stripe.Event, index: number): Delivery {
  const forgedId = `evt_forged_${index}`;
  const way = index % 3;
  if (way === 0) {
    const { payload, signature } = stripe.signedWebhook(event);
    const changed = payload.replace(/"status": "[a-z_]+"/, '"status": "canceled"').replace(`"id": "${event.id}"`, `"id": "${forgedId}"`);
    return { payload: changed === payload ? `${payload} ` : changed, signature, eventId: forgedId, kind: "tampered" };
  }
  const forged = { ...event, id: forgedId } as Stripe.Event;
  const options = way === 1 ? { secret: "whsec_someone_else" } : { timestamp: Math.floor(Date.now() / 1000) - 600 };
  return { ...stripe.signedWebhook(forged, options), eventId: forgedId, kind: "tampered" };
}

function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/** What the provider says now, by the rule of billing/README.md: the newest live subscription, else the newest. */
async function providerTruth(customerId: string, tierByPrice: Map<string, PaidTier>): Promise<{ tier: Tier; subscription: { id: string; status: string; priceId: string | null } | null }> {
  const list = await stripe.client().subscriptions.list({ customer: customerId, status: "all", limit: 10 });
  const newestFirst = [...list.data].sort((a, b) => b.created - a.created);
  const chosen = newestFirst.find((subscription) => LIVE_STATUSES.has(subscription.status)) ?? newestFirst[0];
  if (!chosen) return { tier: "free", subscription: null };
  const priceId = chosen.items.data[0]?.price.id ?? null;
  const tier = LIVE_STATUSES.has(chosen.status) && priceId ? (tierByPrice.get(priceId) ?? "free") : "free";
  return { tier, subscription: { id: chosen.id, status: chosen.status, priceId } };
}

describe(`webhook chaos (seed ${SEED})`, () => {
  it("converges every member on the provider's truth after 1,000 shuffled, duplicated and tampered deliveries", async () => {
    const members: Member[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1) {
      const email = uniqueEmail("chaos");
      const cookie = await signUp(t.app, { name: `Chaos Member ${index}`, email, password: "secret12" });
      const userId = String((await t.app.inject({ url: "/api/me", headers: { cookie } })).json().user.id);
      members.push({ email, cookie, userId, subscriptionId: null });
    }

    const genuine: Stripe.Event[] = [];
    while (genuine.length < GENUINE) genuine.push(...(await step(pick(members))));
    genuine.length = GENUINE;
    const deliveries: Delivery[] = genuine.map((event) => ({ ...stripe.signedWebhook(event), eventId: event.id, kind: "genuine" }));
    for (let index = 0; deliveries.length < DELIVERIES - TAMPERED; index += 1) {
      const event = pick(genuine);
      deliveries.push({ ...stripe.signedWebhook(event), eventId: event.id, kind: "duplicate" });
    }
    for (let index = 0; index < TAMPERED; index += 1) deliveries.push(tamper(pick(genuine), index));
    shuffle(deliveries);
    expect(deliveries).toHaveLength(DELIVERIES);
    expect(new Set(genuine.map((event) => event.type))).toEqual(
      new Set(["checkout.session.completed", "customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted", "invoice.paid", "invoice.payment_failed"]),
    );

    const answers = new Map<Delivery, number>();
    let next = 0;
    const sender = async () => {
      while (next < deliveries.length) {
        const delivery = deliveries[next] as Delivery;
        next += 1;
        const response = await t.app.inject({ method: "POST", url: "/api/billing/webhook", headers: { "content-type": "application/json", "stripe-signature": delivery.signature }, payload: delivery.payload });
        answers.set(delivery, response.statusCode);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));

    const wrongAnswers = deliveries.filter((delivery) => answers.get(delivery) !== (delivery.kind === "tampered" ? 400 : 200));
    expect(wrongAnswers.map((delivery) => `${delivery.kind} ${delivery.eventId}: ${answers.get(delivery)}`)).toEqual([]);

    // Every genuine event handled once; no tampered delivery left a trace.
    const recorded = await t.database.db.select({ eventId: webhookEvents.eventId }).from(webhookEvents);
    expect(new Set(recorded.map((row) => row.eventId))).toEqual(new Set(genuine.map((event) => event.id)));

    const prices = await stripe.client().prices.list({ lookup_keys: Object.values(PRICE_LOOKUP_KEYS), limit: 10 });
    const tierByPrice = new Map(prices.data.map((price) => [price.id, PAID_TIERS.find((tier) => PRICE_LOOKUP_KEYS[tier] === price.lookup_key) as PaidTier]));
    const ids = members.map((member) => member.userId);
    const tiers = new Map((await t.database.db.select({ id: users.id, tier: users.membershipTier }).from(users).where(inArray(users.id, ids))).map((row) => [row.id, row.tier]));
    const stored = new Map((await t.database.db.select().from(subscriptions).where(inArray(subscriptions.userId, ids))).map((row) => [row.userId, row]));
    const customers = new Map((await t.database.db.select().from(billingCustomers).where(inArray(billingCustomers.userId, ids))).map((row) => [row.userId, row.customerId]));

    const mismatches: string[] = [];
    const truths = new Set<string>();
    for (const member of members) {
      const customerId = customers.get(member.userId);
      if (!customerId) {
        mismatches.push(`${member.email}: no customer`);
        continue;
      }
      const truth = await providerTruth(customerId, tierByPrice);
      truths.add(`${truth.subscription?.status ?? "none"}/${truth.tier}`);
      const row = stored.get(member.userId);
      const mine = { tier: tiers.get(member.userId), subscription: row ? { id: row.subscriptionId, status: row.status, priceId: row.priceId } : null };
      if (JSON.stringify(mine) !== JSON.stringify(truth)) mismatches.push(`${member.email}: stored ${JSON.stringify(mine)}, provider ${JSON.stringify(truth)}`);
    }
    expect(mismatches, `seed ${SEED}`).toEqual([]);
    // The run reached a variety of end states, or it proved little.
    expect(truths.size).toBeGreaterThanOrEqual(4);
    // 1,000 deliveries synced from the provider's stand-in (deliveries of one customer that arrive
    // while its sync waits share it): ~10 s alone, far more on a machine busy with the browser suites.
  }, 300_000);
});
