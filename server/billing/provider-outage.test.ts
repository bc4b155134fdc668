import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_MESSAGES } from "../../common/contracts/billing";
import { users } from "../auth/auth.table";
import { createAdminAccount } from "../auth/first-admin";
import { buildTestApp, postJson, signIn, signUp, uniqueEmail, type TestApp } from "../test/build-test-app";
import { startStripeStandIn, type StripeStandIn } from "../test/stripe-stand-in";
import { billingCustomers, checkoutSessions, couponHolds, coupons } from "./billing.table";
import { ensureStripeCatalog } from "./stripe/stripe-catalog";

// Checkout and the portal while Stripe answers 500 or not at all (SECURITY.md, Payments): the member
// reads the spec's message, nothing is left half-done (no checkout row, the coupon's use given back),
// and trying again works. The SDK gives up after its 10 s timeout towards the stand-in.
const SDK_TIMEOUT_MS = 10_000;

let stripe: StripeStandIn;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: "sk_test_outage123456" });
  await ensureStripeCatalog(stripe.client());
  t = await buildTestApp({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_outage123456",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
  await createAdminAccount(t.auth, { email: "outage-admin@example.com", password: "admin-pass-1", name: "Outage Admin" });
  admin = await signIn(t.app, "outage-admin@example.com", "admin-pass-1");
}, 60_000);
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function member() {
  const email = uniqueEmail("provider-outage");
  const cookie = await signUp(t.app, { name: "Outage Member", email, password: "secret12" });
  const id = String((await t.app.inject({ url: "/api/me", headers: { cookie } })).json().user.id);
  return { email, cookie, id };
}

/** A coupon with a single use: a use left held by a failed checkout would lock everyone out of it. */
async function singleUseCoupon(code: string) {
  const created = await postJson(t.app, "/api/admin/coupons", { code, discount: 20, membershipTier: "inventor", usageLimit: 1, validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString() }, { cookie: admin });
  expect(created.statusCode).toBe(201);
  const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, code));
  if (!row) throw new Error("coupon not stored");
  return row;
}

const checkout = (cookie: string, couponCode?: string) => postJson(t.app, "/api/billing/checkout", { plan: "inventor", couponCode }, { cookie });
const portal = (cookie: string) => postJson(t.app, "/api/billing/portal", {}, { cookie });

async function nothingLeftBehind(userId: string, couponId: string) {
  expect(await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId))).toHaveLength(0);
  expect(await t.database.db.select().from(couponHolds).where(eq(couponHolds.couponId, couponId))).toHaveLength(0);
  const [user] = await t.database.db.select({ tier: users.membershipTier }).from(users).where(eq(users.id, userId));
  expect(user?.tier).toBe("free");
}

/** Pays the checkout at the provider, confirms it as the success page does, and returns the member's tier. */
async function payAndReadTier(url: string, who: { id: string; cookie: string }) {
  const sessionId = url.split("/pay/")[1] ?? "";
  stripe.completeCheckout(sessionId);
  const confirmed = await t.app.inject({ url: `/api/billing/checkout/${sessionId}`, headers: { cookie: who.cookie } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const [user] = await t.database.db.select({ tier: users.membershipTier }).from(users).where(eq(users.id, who.id));
  return user?.tier;
}

describe("Stripe answering 500", () => {
  it("checkout: the spec's message, no checkout row, the coupon's single use given back; the retry opens and pays", async () => {
    const payer = await member();
    const coupon = await singleUseCoupon("FIVEHUNDRED");
    stripe.failNext("POST /v1/checkout/sessions", 500, 1);
    const failed = await checkout(payer.cookie, "FIVEHUNDRED");
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toEqual({ code: "SERVICE_UNAVAILABLE", message: BILLING_MESSAGES.checkoutFailed });
    await nothingLeftBehind(payer.id, coupon.id);

    const retried = await checkout(payer.cookie, "FIVEHUNDRED");
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await payAndReadTier(String(retried.json().url), payer)).toBe("inventor");
    const [used] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(used?.usedCount).toBe(1);
  });

  it("portal: the spec's message and nothing changed; the retry opens the portal", async () => {
    const payer = await member();
    const opened = await checkout(payer.cookie);
    await payAndReadTier(String(opened.json().url), payer);
    stripe.failNext("POST /v1/billing_portal/sessions", 500, 1);
    const failed = await portal(payer.cookie);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toEqual({ code: "SERVICE_UNAVAILABLE", message: BILLING_MESSAGES.portalFailed });
    const retried = await portal(payer.cookie);
    expect(retried.statusCode).toBe(200);
    expect(String(retried.json().url)).toContain(stripe.url);
  });
});

describe("Stripe not answering in time", () => {
  it("checkout and portal give up with the spec's messages after the SDK's timeout, leave nothing half-done, and work on retry", async () => {
    const paying = await member();
    await payAndReadTier(String((await checkout(paying.cookie)).json().url), paying);
    const payer = await member();
    const coupon = await singleUseCoupon("SLOWPOKE");
    // No provider customer yet: creating it is what times out, and the retry must not make a second one.
    const [customerBefore] = await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, payer.id));
    expect(customerBefore).toBeUndefined();

    stripe.slowResponses(SDK_TIMEOUT_MS + 1_500, SDK_TIMEOUT_MS + 1_000);
    const started = Date.now();
    const [failedCheckout, failedPortal] = await Promise.all([checkout(payer.cookie, "SLOWPOKE"), portal(paying.cookie)]);
    const waited = Date.now() - started;
    stripe.slowResponses(0);
    expect(failedCheckout.statusCode).toBe(503);
    expect(failedCheckout.json().error.message).toBe(BILLING_MESSAGES.checkoutFailed);
    expect(failedPortal.statusCode).toBe(503);
    expect(failedPortal.json().error.message).toBe(BILLING_MESSAGES.portalFailed);
    // The member waits for the timeout, not for Stripe.
    expect(waited).toBeLessThan(SDK_TIMEOUT_MS * 2 + 3_000);
    await nothingLeftBehind(payer.id, coupon.id);

    const retried = await checkout(payer.cookie, "SLOWPOKE");
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await payAndReadTier(String(retried.json().url), payer)).toBe("inventor");
    // One provider customer per member, even though the first creation's answer never arrived.
    const customers = await stripe.client().customers.list({ email: payer.email, limit: 10 });
    expect(customers.data).toHaveLength(1);
    expect((await portal(paying.cookie)).statusCode).toBe(200);
  }, 60_000);
});
