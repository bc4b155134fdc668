import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../auth/auth.table";
import { createAdminAccount } from "../auth/first-admin";
import { buildTestApp, postJson, signIn, signUp, TEST_ORIGIN, uniqueEmail, type TestApp } from "../test/build-test-app";
import { coupons, subscriptions } from "./billing.table";
import { advanceLocalSubscription } from "./local/local.service";
import { applyLapsedTiers } from "./sync";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ BILLING_GRACE_DAYS: "7" });
  await createAdminAccount(t.auth, { email: "billing-admin@example.com", password: "admin-pass-1", name: "Billing Admin" });
  admin = await signIn(t.app, "billing-admin@example.com", "admin-pass-1");
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const me = async (cookie: string) => (await get("/api/me", cookie)).json().user;

async function member(): Promise<{ cookie: string; email: string; id: string }> {
  const email = uniqueEmail("payer");
  const cookie = await signUp(t.app, { name: "Paying Member", email, password: "secret1" });
  return { cookie, email, id: (await me(cookie)).id };
}

async function createCoupon(code: string, overrides: Record<string, unknown> = {}) {
  const validUntil = new Date(Date.now() + 90 * 86_400_000).toISOString();
  return postJson(t.app, "/api/admin/coupons", { code, discount: 20, membershipTier: "inventor", usageLimit: 100, validUntil, ...overrides }, { cookie: admin });
}

async function checkoutAndPay(cookie: string, plan: string, couponCode?: string, card = "4242 4242 4242 4242") {
  const started = await postJson(t.app, "/api/billing/checkout", { plan, couponCode }, { cookie });
  expect(started.statusCode).toBe(200);
  const sessionId = String(started.json().url).split("/billing/checkout/")[1] ?? "";
  const paid = await postJson(t.app, `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: card }, { cookie });
  return { sessionId, paid };
}

describe("local test-mode billing", () => {
  it("checks out inventor with a coupon priced by the server, grants the tier, and shows the subscription", async () => {
    const payer = await member();
    expect((await createCoupon("spring20")).statusCode).toBe(201);
    const valid = await postJson(t.app, "/api/billing/coupons/validate", { code: " spring20 ", membershipTier: "inventor" }, { cookie: payer.cookie });
    expect(valid.json()).toEqual({ discount: 20 });
    const wrongTier = await postJson(t.app, "/api/billing/coupons/validate", { code: "SPRING20", membershipTier: "entrepreneur" }, { cookie: payer.cookie });
    expect(wrongTier.statusCode).toBe(400);
    expect(wrongTier.json().error.message).toBe("Invalid coupon code");

    const started = await postJson(t.app, "/api/billing/checkout", { plan: "inventor", couponCode: "spring20", amountCents: 1 }, { cookie: payer.cookie });
    const url = new URL(started.json().url);
    expect(url.origin).toBe(TEST_ORIGIN);
    const sessionId = url.pathname.split("/").pop() ?? "";
    const page = (await get(`/api/billing/local/checkout/${sessionId}`, payer.cookie)).json();
    expect(page).toMatchObject({ plan: "inventor", priceCents: 9900, discountPercent: 20, discountCents: 1980, totalCents: 7920, couponCode: "SPRING20" });

    const declined = await postJson(t.app, `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: "4000 0000 0000 0002" }, { cookie: payer.cookie });
    expect(declined.json().error.message).toBe("Your card was declined.");
    expect((await me(payer.cookie)).membershipTier).toBe("free");

    const paid = await postJson(t.app, `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: "4242 4242 4242 4242" }, { cookie: payer.cookie });
    expect(paid.json().successUrl).toBe(`/checkout/success?session_id=${sessionId}`);
    expect((await get(`/api/billing/checkout/${sessionId}`, payer.cookie)).json()).toEqual({ tier: "inventor", status: "active" });
    expect((await me(payer.cookie)).membershipTier).toBe("inventor");

    const account = (await get("/api/billing/account", payer.cookie)).json();
    expect(account.subscription).toMatchObject({ status: "active", tier: "inventor", cancelAtPeriodEnd: false, paymentMethodBrand: "visa", paymentMethodLast4: "4242" });
    expect(account.invoices).toEqual([expect.objectContaining({ amountCents: 7920, status: "paid" })]);
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, "SPRING20"));
    expect(coupon?.usedCount).toBe(1);
  });

  it("grants nothing for a forged or someone else's checkout id", async () => {
    const payer = await member();
    const other = await member();
    const { sessionId } = await checkoutAndPay(payer.cookie, "entrepreneur");
    expect((await get("/api/billing/checkout/lcs_forged", other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/billing/checkout/${sessionId}`, other.cookie)).statusCode).toBe(404);
    expect((await me(other.cookie)).membershipTier).toBe("free");
    const unpaid = await postJson(t.app, "/api/billing/checkout", { plan: "brand-ceo" }, { cookie: other.cookie });
    const unpaidId = String(unpaid.json().url).split("/").pop();
    expect((await get(`/api/billing/checkout/${unpaidId}`, other.cookie)).statusCode).toBe(404);
    expect((await me(other.cookie)).membershipTier).toBe("free");
  });

  it("cancels at period end from the portal, then falls back to free when the period ends", async () => {
    const payer = await member();
    await checkoutAndPay(payer.cookie, "inventor");
    const cancelled = await postJson(t.app, "/api/billing/local/portal", { action: "cancel" }, { cookie: payer.cookie });
    expect(cancelled.json().subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await me(payer.cookie)).membershipTier).toBe("inventor");
    const resumed = await postJson(t.app, "/api/billing/local/portal", { action: "resume" }, { cookie: payer.cookie });
    expect(resumed.json().subscription.cancelAtPeriodEnd).toBe(false);
    await postJson(t.app, "/api/billing/local/portal", { action: "cancel" }, { cookie: payer.cookie });
    if (!t.billing) throw new Error("billing not configured");
    expect(await advanceLocalSubscription(t.billing, payer.id, "end-period")).toBe("canceled");
    expect((await me(payer.cookie)).membershipTier).toBe("free");
  });

  it("keeps the tier through the past_due grace period, then drops to free; a new card recovers it", async () => {
    const payer = await member();
    await checkoutAndPay(payer.cookie, "entrepreneur");
    if (!t.billing) throw new Error("billing not configured");
    expect(await advanceLocalSubscription(t.billing, payer.id, "fail")).toBe("past_due");
    expect((await me(payer.cookie)).membershipTier).toBe("entrepreneur");
    const account = (await get("/api/billing/account", payer.cookie)).json();
    expect(account.subscription.status).toBe("past_due");
    expect(Date.parse(account.subscription.graceEndsAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    await t.database.db.update(subscriptions).set({ pastDueSince: new Date(Date.now() - 8 * 86_400_000) }).where(eq(subscriptions.userId, payer.id));
    expect(await applyLapsedTiers(t.billing)).toBeGreaterThanOrEqual(1);
    expect((await me(payer.cookie)).membershipTier).toBe("free");

    await postJson(t.app, "/api/billing/local/portal", { action: "update-card", cardNumber: "5555 5555 5555 4444" }, { cookie: payer.cookie });
    expect((await me(payer.cookie)).membershipTier).toBe("entrepreneur");
    expect((await get("/api/billing/account", payer.cookie)).json().subscription).toMatchObject({ status: "active", paymentMethodBrand: "mastercard", paymentMethodLast4: "4444" });
  });

  it("upgrades at once and downgrades at the end of the paid period", async () => {
    const payer = await member();
    await checkoutAndPay(payer.cookie, "entrepreneur");
    const up = await postJson(t.app, "/api/billing/change-plan", { plan: "brand-ceo" }, { cookie: payer.cookie });
    expect(up.json()).toEqual({ takesEffect: "now" });
    expect((await me(payer.cookie)).membershipTier).toBe("brand-ceo");
    const down = await postJson(t.app, "/api/billing/change-plan", { plan: "inventor" }, { cookie: payer.cookie });
    expect(down.json()).toEqual({ takesEffect: "period_end" });
    expect((await me(payer.cookie)).membershipTier).toBe("brand-ceo");
    const account = (await get("/api/billing/account", payer.cookie)).json();
    expect(account.subscription.tier).toBe("inventor");
    expect(account.subscription.downgradeTakesEffectAt).toBe(account.subscription.currentPeriodEnd);
    await t.database.db.update(subscriptions).set({ paidTierUntil: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, payer.id));
    if (!t.billing) throw new Error("billing not configured");
    await applyLapsedTiers(t.billing);
    expect((await me(payer.cookie)).membershipTier).toBe("inventor");
  });

  it("counts a coupon with 10 uses left exactly 10 times when 25 checkouts complete at once", async () => {
    await createCoupon("RUSH10", { usageLimit: 10, discount: 50 });
    const payers = await Promise.all(Array.from({ length: 25 }, () => member()));
    const sessions = await Promise.all(
      payers.map(async (payer) => {
        const started = await postJson(t.app, "/api/billing/checkout", { plan: "inventor", couponCode: "RUSH10" }, { cookie: payer.cookie });
        return { payer, sessionId: String(started.json().url).split("/").pop() ?? "" };
      }),
    );
    const results = await Promise.all(sessions.map(({ payer, sessionId }) => postJson(t.app, `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: "4242424242424242" }, { cookie: payer.cookie })));
    expect(results.every((result) => result.statusCode === 200)).toBe(true);
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, "RUSH10"));
    expect(coupon?.usedCount).toBe(10);
    const redeemed = await t.database.db.execute(sql`select count(*)::int as n from checkout_sessions where coupon_redeemed`);
    expect(Number((redeemed as unknown as { rows: Array<{ n: number }> }).rows[0]?.n)).toBeGreaterThanOrEqual(10);
    const exhausted = await postJson(t.app, "/api/billing/coupons/validate", { code: "RUSH10", membershipTier: "inventor" }, { cookie: payers[0]?.cookie ?? "" });
    expect(exhausted.statusCode).toBe(400);
  });

  it("refuses a second checkout while a subscription is live, and an admin's manual tier stays apart from paid state", async () => {
    const payer = await member();
    await checkoutAndPay(payer.cookie, "inventor");
    const again = await postJson(t.app, "/api/billing/checkout", { plan: "brand-ceo" }, { cookie: payer.cookie });
    expect(again.statusCode).toBe(409);
    await t.database.db.update(users).set({ tierOverride: "brand-ceo" }).where(eq(users.id, payer.id));
    if (!t.billing) throw new Error("billing not configured");
    await advanceLocalSubscription(t.billing, payer.id, "cancel");
    expect((await me(payer.cookie)).membershipTier).toBe("brand-ceo");
  });
});
