import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../auth/auth.table";
import { createAdminAccount } from "../auth/first-admin";
import { buildTestApp, postJson, signIn, signUp, uniqueEmail, type TestApp } from "../test/build-test-app";
import { startStripeStandIn, type StripeStandIn } from "../test/stripe-stand-in";
import { checkoutSessions, coupons, subscriptions } from "./billing.table";
import { ensureStripeCatalog } from "./stripe/stripe-catalog";
import { applyLapsedTiers } from "./sync";

let stripe: StripeStandIn;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: "sk_test_standin123456" });
  await ensureStripeCatalog(stripe.client());
  t = await buildTestApp({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_standin123456",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
  await createAdminAccount(t.auth, { email: "stripe-admin@example.com", password: "admin-pass-1", name: "Stripe Admin" });
  admin = await signIn(t.app, "stripe-admin@example.com", "admin-pass-1");
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const me = async (cookie: string) => (await t.app.inject({ url: "/api/me", headers: { cookie } })).json().user;

async function member() {
  const email = uniqueEmail("stripe");
  const cookie = await signUp(t.app, { name: "Stripe Member", email, password: "secret1" });
  return { email, cookie, id: (await me(cookie)).id as string };
}

function deliver(event: Stripe.Event | string, options: { secret?: string; timestamp?: number } = {}) {
  const { payload, signature } = stripe.signedWebhook(event, options);
  return t.app.inject({ method: "POST", url: "/api/billing/webhook", headers: { "content-type": "application/json", "stripe-signature": signature }, payload });
}

async function startCheckout(cookie: string, plan: string, couponCode?: string): Promise<string> {
  const response = await postJson(t.app, "/api/billing/checkout", { plan, couponCode }, { cookie });
  expect(response.statusCode).toBe(200);
  const url = String(response.json().url);
  expect(url.startsWith(stripe.url)).toBe(true);
  const [session] = await t.database.db.select().from(checkoutSessions).orderBy(checkoutSessions.createdAt);
  expect(session).toBeDefined();
  return url.split("/pay/")[1] ?? "";
}

describe("Stripe billing through the real SDK", () => {
  it("runs the happy path: checkout, signed webhooks, the tier, the account page; the client never sends an amount", async () => {
    const payer = await member();
    const sessionId = await startCheckout(payer.cookie, "inventor");
    const created = stripe.requests.find((request) => request.method === "POST" && request.path === "/v1/checkout/sessions");
    expect(created?.rawBody).not.toMatch(/amount/);
    for (const event of stripe.completeCheckout(sessionId, { card: { brand: "visa", last4: "4242" } })) {
      const response = await deliver(event);
      expect(response.statusCode).toBe(200);
    }
    expect((await me(payer.cookie)).membershipTier).toBe("inventor");
    const account = (await t.app.inject({ url: "/api/billing/account", headers: { cookie: payer.cookie } })).json();
    expect(account).toMatchObject({ provider: "stripe", subscription: { status: "active", tier: "inventor", paymentMethodBrand: "visa", paymentMethodLast4: "4242" } });
    expect(account.invoices[0]).toMatchObject({ amountCents: 9900, status: "paid" });
    const portal = await postJson(t.app, "/api/billing/portal", {}, { cookie: payer.cookie });
    expect(String(portal.json().url)).toContain(stripe.url);
  });

  it("handles the same event twice with one effect, and events in reverse order converge on Stripe's state", async () => {
    const created = await postJson(t.app, "/api/admin/coupons", { code: "TWICE", discount: 15, membershipTier: "entrepreneur", usageLimit: 5, validUntil: new Date(Date.now() + 86_400_000 * 30).toISOString() }, { cookie: admin });
    expect(created.statusCode).toBe(201);
    const payer = await member();
    const sessionId = await startCheckout(payer.cookie, "entrepreneur", "twice");
    const events = stripe.completeCheckout(sessionId);
    for (const event of [...events].reverse()) expect((await deliver(event)).statusCode).toBe(200);
    const again = await deliver(events[0] as Stripe.Event);
    expect(again.json()).toMatchObject({ duplicate: true });
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, "TWICE"));
    expect(coupon?.usedCount).toBe(1);
    expect((await me(payer.cookie)).membershipTier).toBe("entrepreneur");
    const invoice = (await t.app.inject({ url: "/api/billing/account", headers: { cookie: payer.cookie } })).json().invoices[0];
    expect(invoice.amountCents).toBe(21165);
  });

  it("refuses tampered, unsigned and stale webhooks with 400 and changes nothing", async () => {
    const payer = await member();
    const sessionId = await startCheckout(payer.cookie, "brand-ceo");
    const [completed] = stripe.completeCheckout(sessionId);
    const { payload, signature } = stripe.signedWebhook(completed as Stripe.Event);
    const tampered = await t.app.inject({ method: "POST", url: "/api/billing/webhook", headers: { "content-type": "application/json", "stripe-signature": signature }, payload: payload.replace("complete", "completf") });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: "POST", url: "/api/billing/webhook", headers: { "content-type": "application/json" }, payload });
    expect(unsigned.statusCode).toBe(400);
    const stale = await deliver(completed as Stripe.Event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.statusCode).toBe(400);
    const wrongSecret = await deliver(completed as Stripe.Event, { secret: "whsec_not_ours" });
    expect(wrongSecret.statusCode).toBe(400);
    expect((await me(payer.cookie)).membershipTier).toBe("free");
  });

  it("answers 500 when Stripe fails mid-handler, changes nothing, and succeeds when Stripe retries the event", async () => {
    const payer = await member();
    const sessionId = await startCheckout(payer.cookie, "entrepreneur");
    const [, created] = stripe.completeCheckout(sessionId);
    stripe.failNext("GET /v1/subscriptions", 500, 1);
    const failed = await deliver(created as Stripe.Event);
    expect(failed.statusCode).toBe(500);
    expect((await me(payer.cookie)).membershipTier).toBe("free");
    const retried = await deliver(created as Stripe.Event);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ handled: true });
    expect((await me(payer.cookie)).membershipTier).toBe("entrepreneur");
  });

  it("answers 200 to events for unknown customers and to event types it does not handle", async () => {
    const unknown = await deliver(JSON.stringify({ id: "evt_unknown_customer", object: "event", type: "invoice.paid", created: 1, livemode: false, api_version: "2026-10-28", data: { object: { id: "in_x", object: "invoice", customer: "cus_nobody" } } }));
    expect(unknown.statusCode).toBe(200);
    const unhandled = await deliver(JSON.stringify({ id: "evt_unhandled", object: "event", type: "customer.created", created: 1, livemode: false, api_version: "2026-10-28", data: { object: { id: "cus_x", object: "customer" } } }));
    expect(unhandled.statusCode).toBe(200);
    expect(unhandled.json()).toMatchObject({ handled: false });
  });

  it("keeps the tier while past_due within the grace period (the failed-payments list showing Stripe's attempts), then falls to free, and to free on cancellation", async () => {
    const payer = await member();
    const sessionId = await startCheckout(payer.cookie, "entrepreneur");
    for (const event of stripe.completeCheckout(sessionId)) await deliver(event);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, payer.id));
    const subscriptionId = row?.subscriptionId ?? "";
    for (const event of stripe.failPayment(subscriptionId)) expect((await deliver(event)).statusCode).toBe(200);
    expect((await me(payer.cookie)).membershipTier).toBe("entrepreneur");
    const failedPayment = async () => (await t.app.inject({ url: "/api/admin/billing/failed-payments", headers: { cookie: admin } })).json().failedPayments.find((entry: { userId: string }) => entry.userId === payer.id);
    const first = await failedPayment();
    expect(first).toMatchObject({ amountCents: 24900, attempts: 1, tier: "entrepreneur" });
    // Stripe's own retry schedule, read from the open invoice: the list shows when it tries again.
    expect(Date.parse(first.nextAttemptAt) - Date.now()).toBeGreaterThan(2 * 86_400_000);
    for (const event of stripe.failPayment(subscriptionId)) expect((await deliver(event)).statusCode).toBe(200);
    expect(await failedPayment()).toMatchObject({ amountCents: 24900, attempts: 2, pastDueSince: first.pastDueSince });
    await t.database.db.update(subscriptions).set({ pastDueSince: new Date(Date.now() - 8 * 86_400_000) }).where(eq(subscriptions.userId, payer.id));
    if (!t.billing) throw new Error("billing not configured");
    await applyLapsedTiers(t.billing);
    expect((await me(payer.cookie)).membershipTier).toBe("free");
    expect((await deliver(stripe.setSubscriptionStatus(subscriptionId, "canceled"))).statusCode).toBe(200);
    expect((await me(payer.cookie)).membershipTier).toBe("free");
  });

  it("grants the tier on the success page before any webhook arrives, and never for a forged session id", async () => {
    const payer = await member();
    const sessionId = await startCheckout(payer.cookie, "inventor");
    const early = await t.app.inject({ url: `/api/billing/checkout/${sessionId}`, headers: { cookie: payer.cookie } });
    expect(early.statusCode).toBe(404);
    stripe.completeCheckout(sessionId);
    const confirmed = await t.app.inject({ url: `/api/billing/checkout/${sessionId}`, headers: { cookie: payer.cookie } });
    expect(confirmed.json()).toEqual({ tier: "inventor", status: "active" });
    expect((await me(payer.cookie)).membershipTier).toBe("inventor");
    expect((await t.app.inject({ url: "/api/billing/checkout/cs_test_forged", headers: { cookie: payer.cookie } })).statusCode).toBe(404);
  });

  it("holds a 10-use code for 10 of 50 racing members, mirrors it as a Stripe promotion code limited to 10, and counts exactly 10", async () => {
    await postJson(t.app, "/api/admin/coupons", { code: "FIFTY", discount: 50, membershipTier: "inventor", usageLimit: 10, validUntil: new Date(Date.now() + 86_400_000 * 30).toISOString() }, { cookie: admin });
    const payers = await Promise.all(Array.from({ length: 50 }, () => member()));
    const opened = await Promise.all(payers.map((payer) => postJson(t.app, "/api/billing/checkout", { plan: "inventor", couponCode: "FIFTY" }, { cookie: payer.cookie })));
    const sessionIds = opened.filter((response) => response.statusCode === 200).map((response) => String(response.json().url).split("/pay/")[1] ?? "");
    expect(sessionIds).toHaveLength(10);
    expect(opened.filter((response) => response.statusCode === 400 && response.json().error.message === "Invalid coupon code")).toHaveLength(40);

    const promotionCodes = await stripe.client().promotionCodes.list({ limit: 100 });
    const fifty = promotionCodes.data.filter((promotion) => promotion.metadata?.code === "FIFTY");
    expect(fifty.map((promotion) => promotion.max_redemptions)).toEqual([10]);
    const answers = await Promise.all(sessionIds.map((id) => deliver(stripe.completeCheckout(id)[0] as Stripe.Event)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, "FIFTY"));
    expect(coupon?.usedCount).toBe(10);
    const discounted = (await stripe.client().invoices.list({ limit: 100 })).data.filter((invoice) => invoice.amount_paid === 4950);
    expect(discounted).toHaveLength(10);

    // Stripe itself refuses an eleventh discount, whatever our own records say.
    const promotion = fifty[0];
    if (!promotion) throw new Error("no promotion code");
    const prices = await stripe.client().prices.list({ lookup_keys: ["inventor_monthly"] });
    await expect(
      stripe.client().checkout.sessions.create({ mode: "subscription", line_items: [{ price: prices.data[0]?.id ?? "", quantity: 1 }], discounts: [{ promotion_code: promotion.id }], success_url: "http://localhost:3000/ok" }),
    ).rejects.toThrow(/cannot be redeemed/);
  }, 60_000);

  it("gives the use back when Stripe reports the checkout expired, so the next member gets the discount", async () => {
    await postJson(t.app, "/api/admin/coupons", { code: "SOLO", discount: 10, membershipTier: "brand-ceo", usageLimit: 1, validUntil: new Date(Date.now() + 86_400_000 * 30).toISOString() }, { cookie: admin });
    const [first, second] = await Promise.all([member(), member()]);
    if (!first || !second) throw new Error("members missing");
    const abandoned = await startCheckout(first.cookie, "brand-ceo", "SOLO");
    expect((await postJson(t.app, "/api/billing/checkout", { plan: "brand-ceo", couponCode: "SOLO" }, { cookie: second.cookie })).json().error.message).toBe("Invalid coupon code");
    expect((await deliver(stripe.expireCheckout(abandoned))).statusCode).toBe(200);
    const sessionId = await startCheckout(second.cookie, "brand-ceo", "SOLO");
    for (const event of stripe.completeCheckout(sessionId)) expect((await deliver(event)).statusCode).toBe(200);
    expect((await me(second.cookie)).membershipTier).toBe("brand-ceo");
    const invoice = (await t.app.inject({ url: "/api/billing/account", headers: { cookie: second.cookie } })).json().invoices[0];
    expect(invoice.amountCents).toBe(44910);
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, "SOLO"));
    expect(coupon?.usedCount).toBe(1);
  });

  it("answers 'Failed to create checkout session' when Stripe is unreachable, leaving no checkout row", async () => {
    const payer = await member();
    stripe.failNext("POST /v1/checkout/sessions", 0, 2);
    const response = await postJson(t.app, "/api/billing/checkout", { plan: "inventor" }, { cookie: payer.cookie });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe("Failed to create checkout session");
    const rows = await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, payer.id));
    expect(rows).toHaveLength(0);
    const [user] = await t.database.db.select({ tier: users.membershipTier }).from(users).where(eq(users.id, payer.id));
    expect(user?.tier).toBe("free");
  });
});

describe("a misconfigured Stripe", () => {
  it("reports the configuration error to the web app and mounts no checkout", async () => {
    const broken = await buildTestApp({ STRIPE_SECRET_KEY: "sk_live_", STRIPE_PUBLISHABLE_KEY: "not-a-key" });
    try {
      expect((await broken.app.inject({ url: "/api/config" })).json().billing).toEqual({ provider: null, configurationError: true });
      const cookie = await signUp(broken.app, { name: "Nobody", email: uniqueEmail(), password: "secret1" });
      expect((await postJson(broken.app, "/api/billing/checkout", { plan: "inventor" }, { cookie })).statusCode).toBe(404);
    } finally {
      await broken.close();
    }
  });
});
