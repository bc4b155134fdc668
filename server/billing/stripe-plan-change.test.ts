import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../auth/auth.table";
import { buildTestApp, postJson, signUp, uniqueEmail, type TestApp } from "../test/build-test-app";
import { startStripeStandIn, type StripeStandIn } from "../test/stripe-stand-in";
import { subscriptions } from "./billing.table";
import { ensureStripeCatalog } from "./stripe/stripe-catalog";

let stripe: StripeStandIn;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: "sk_test_standinplans123" });
  await ensureStripeCatalog(stripe.client());
  t = await buildTestApp({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_PUBLISHABLE_KEY: "pk_test_standinplans123", STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});
afterEach(() => vi.useRealTimers());

const DAY_MS = 86_400_000;
const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const account = async (cookie: string) => (await get("/api/billing/account", cookie)).json();
const tierOf = async (cookie: string) => (await get("/api/me", cookie)).json().user.membershipTier;
const change = (cookie: string, body: { plan: string; prorationDate?: string }) => postJson(t.app, "/api/billing/change-plan", body, { cookie });

function deliver(event: Stripe.Event) {
  const { payload, signature } = stripe.signedWebhook(event);
  return t.app.inject({ method: "POST", url: "/api/billing/webhook", headers: { "content-type": "application/json", "stripe-signature": signature }, payload });
}

/** Every amount Stripe charged the customer, oldest first. */
async function chargedByStripe(subscriptionId: string): Promise<number[]> {
  const list = await stripe.client().invoices.list({ subscription: subscriptionId, limit: 100 });
  return list.data.filter((invoice) => invoice.status === "paid").map((invoice) => invoice.amount_paid).reverse();
}

async function subscriber(plan: string) {
  const email = uniqueEmail("stripe-plans");
  const cookie = await signUp(t.app, { name: "Stripe Plan Changer", email, password: "secret1" });
  const started = await postJson(t.app, "/api/billing/checkout", { plan }, { cookie });
  for (const event of stripe.completeCheckout(String(started.json().url).split("/pay/")[1] ?? "")) expect((await deliver(event)).statusCode).toBe(200);
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user?.id ?? ""));
  if (!row?.currentPeriodStart || !row.currentPeriodEnd) throw new Error("no subscription");
  return { cookie, subscriptionId: row.subscriptionId, periodStart: row.currentPeriodStart.getTime(), periodEnd: row.currentPeriodEnd.getTime() };
}

describe("plan changes with Stripe: a downgrade is a subscription schedule", () => {
  it("down, back, down, up, then the period ends on the downgrade: Stripe charges the prices paid and the difference for the days left", async () => {
    const member = await subscriber("entrepreneur");
    expect((await change(member.cookie, { plan: "inventor" })).json()).toEqual({ takesEffect: "period_end", chargedCents: 0 });
    const schedule = (await stripe.client().subscriptions.retrieve(member.subscriptionId)).schedule;
    expect(schedule).toEqual(expect.stringMatching(/^sub_sched_/));
    expect(await tierOf(member.cookie)).toBe("entrepreneur");
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "entrepreneur", pendingTier: "inventor", downgradeTakesEffectAt: new Date(member.periodEnd).toISOString() });

    expect((await change(member.cookie, { plan: "entrepreneur" })).json()).toEqual({ takesEffect: "now", chargedCents: 0 });
    expect((await stripe.client().subscriptions.retrieve(member.subscriptionId)).schedule).toBeNull();
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "entrepreneur", pendingTier: null, downgradeTakesEffectAt: null });
    expect(await chargedByStripe(member.subscriptionId)).toEqual([24_900]);

    await change(member.cookie, { plan: "inventor" });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(member.periodStart + 10 * DAY_MS);
    const preview = (await get("/api/billing/change-plan/preview?plan=brand-ceo", member.cookie)).json();
    const daysInPeriod = (member.periodEnd - member.periodStart) / DAY_MS;
    expect(preview).toMatchObject({ takesEffect: "now", amountDueTodayCents: Math.round((25_000 * (daysInPeriod - 10)) / daysInPeriod) });
    vi.setSystemTime(member.periodStart + 10 * DAY_MS + 40_000);
    expect((await change(member.cookie, { plan: "brand-ceo", prorationDate: preview.prorationDate })).json()).toEqual({ takesEffect: "now", chargedCents: preview.amountDueTodayCents });
    expect(await tierOf(member.cookie)).toBe("brand-ceo");
    expect(await chargedByStripe(member.subscriptionId)).toEqual([24_900, preview.amountDueTodayCents]);

    await change(member.cookie, { plan: "inventor" });
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "brand-ceo", pendingTier: "inventor" });
    vi.useRealTimers();
    for (const event of stripe.renew(member.subscriptionId)) expect((await deliver(event)).statusCode).toBe(200);
    expect(await tierOf(member.cookie)).toBe("inventor");
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "inventor", pendingTier: null, downgradeTakesEffectAt: null });
    expect(await chargedByStripe(member.subscriptionId)).toEqual([24_900, preview.amountDueTodayCents, 9_900]);
  });

  it("an upgrade during a pending cancellation says it resumes the subscription; Stripe charges the prorated difference and renews on the same day", async () => {
    const member = await subscriber("inventor");
    await stripe.client().subscriptions.update(member.subscriptionId, { cancel_at_period_end: true });
    const [cancelled] = (await stripe.client().events.list({ limit: 1, type: "customer.subscription.updated" })).data;
    if (!cancelled) throw new Error("no event for the cancellation");
    expect((await deliver(cancelled)).statusCode).toBe(200);
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "inventor", cancelAtPeriodEnd: true });

    const renewsAt = new Date(member.periodEnd).toISOString();
    const preview = (await get("/api/billing/change-plan/preview?plan=brand-ceo", member.cookie)).json();
    expect(preview).toMatchObject({ takesEffect: "now", resumesAndRenewsAt: renewsAt });
    expect(preview.amountDueTodayCents).toBeGreaterThan(0);
    expect((await change(member.cookie, { plan: "brand-ceo", prorationDate: preview.prorationDate })).json()).toEqual({ takesEffect: "now", chargedCents: preview.amountDueTodayCents });
    const resumed = await stripe.client().subscriptions.retrieve(member.subscriptionId);
    expect(resumed).toMatchObject({ cancel_at_period_end: false, status: "active" });
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "brand-ceo", cancelAtPeriodEnd: false, currentPeriodEnd: renewsAt });
    expect(await chargedByStripe(member.subscriptionId)).toEqual([9_900, preview.amountDueTodayCents]);
  });
});
