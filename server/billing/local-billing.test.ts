import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../auth/auth.table";
import { createAdminAccount } from "../auth/first-admin";
import { buildTestApp, postJson, signIn, signUp, TEST_ORIGIN, uniqueEmail, type TestApp } from "../test/build-test-app";
import { checkoutSessions, coupons, subscriptions } from "./billing.table";
import { localInvoices } from "./local/local.table";
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
    const { currentPeriodEnd } = (await get("/api/billing/account", payer.cookie)).json().subscription;
    expect((await get("/api/billing/account", payer.cookie)).json().subscription.endedAt).toBeNull();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.parse(currentPeriodEnd) + 60_000);
      expect(await advanceLocalSubscription(t.billing, payer.id, "end-period")).toBe("canceled");
    } finally {
      vi.useRealTimers();
    }
    expect((await me(payer.cookie)).membershipTier).toBe("free");
    // The account page shows the plan that applies now and when the paid one ended.
    expect((await get("/api/billing/account", payer.cookie)).json().subscription).toMatchObject({ status: "canceled", tier: "inventor", endedAt: currentPeriodEnd });
  });

  it("a subscription cancelled at once ended when the sync saw it cancelled, not at its period's end", async () => {
    const payer = await member();
    await checkoutAndPay(payer.cookie, "entrepreneur");
    if (!t.billing) throw new Error("billing not configured");
    const before = Date.now();
    expect(await advanceLocalSubscription(t.billing, payer.id, "cancel")).toBe("canceled");
    const { endedAt, currentPeriodEnd } = (await get("/api/billing/account", payer.cookie)).json().subscription;
    expect(Date.parse(endedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(endedAt)).toBeLessThan(Date.parse(currentPeriodEnd));
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

  it("gives a 10-use code to exactly 10 of 50 members racing through two instances; the other 40 are told before paying", async () => {
    const second = await buildTestApp({ BILLING_GRACE_DAYS: "7" }, t);
    try {
      await createCoupon("RUSH10", { usageLimit: 10, discount: 50 });
      const payers = await Promise.all(Array.from({ length: 50 }, () => member()));
      const appOf = (index: number) => (index % 2 === 0 ? t.app : second.app);
      const opened = await Promise.all(payers.map((payer, index) => postJson(appOf(index), "/api/billing/checkout", { plan: "inventor", couponCode: "rush10" }, { cookie: payer.cookie })));
      const holders = payers.flatMap((payer, index) => (opened[index]?.statusCode === 200 ? [{ payer, index, sessionId: String(opened[index]?.json().url).split("/").pop() ?? "" }] : []));
      expect(holders).toHaveLength(10);
      const refused = opened.filter((response) => response.statusCode !== 200);
      expect(refused.map((response) => [response.statusCode, response.json().error.message])).toEqual(Array.from({ length: 40 }, () => [400, "Invalid coupon code"]));
      expect((await get("/api/admin/coupons", admin)).json().coupons.find((coupon: { code: string }) => coupon.code === "RUSH10")).toMatchObject({ usedCount: 0, heldCount: 10, usageLimit: 10 });

      const paid = await Promise.all(holders.map(({ payer, index, sessionId }) => postJson(appOf(index + 1), `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: "4242424242424242" }, { cookie: payer.cookie })));
      expect(paid.map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
      const latecomer = payers.find((_, index) => opened[index]?.statusCode !== 200);
      if (!latecomer) throw new Error("no refused member");
      const fullPrice = await checkoutAndPay(latecomer.cookie, "inventor");
      expect(fullPrice.paid.statusCode).toBe(200);

      const invoices = await t.database.db.select({ amountCents: localInvoices.amountCents }).from(localInvoices);
      expect(invoices.filter((invoice) => invoice.amountCents === 4950)).toHaveLength(10);
      expect((await get("/api/admin/coupons", admin)).json().coupons.find((coupon: { code: string }) => coupon.code === "RUSH10")).toMatchObject({ usedCount: 10, heldCount: 0 });
      const [rush] = await t.database.db.select().from(coupons).where(eq(coupons.code, "RUSH10"));
      const redeemed = await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.couponRedeemed, true));
      expect(redeemed.filter((session) => session.couponId === rush?.id)).toHaveLength(10);
      expect((await postJson(t.app, "/api/billing/coupons/validate", { code: "RUSH10", membershipTier: "inventor" }, { cookie: latecomer.cookie })).statusCode).toBe(400);
    } finally {
      await second.close();
    }
  }, 120_000);

  it("gives an abandoned checkout's use back when it expires, and a cancelled one's at once; the expired one can no longer be paid", async () => {
    await createCoupon("ONLYONE", { usageLimit: 1, discount: 30 });
    const [first, second, third] = await Promise.all([member(), member(), member()]);
    if (!first || !second || !third) throw new Error("members missing");
    const held = await postJson(t.app, "/api/billing/checkout", { plan: "inventor", couponCode: "ONLYONE" }, { cookie: first.cookie });
    expect(held.statusCode).toBe(200);
    const abandonedId = String(held.json().url).split("/").pop() ?? "";
    const blocked = await postJson(t.app, "/api/billing/checkout", { plan: "inventor", couponCode: "ONLYONE" }, { cookie: second.cookie });
    expect(blocked.json().error.message).toBe("Invalid coupon code");
    expect((await postJson(t.app, "/api/billing/coupons/validate", { code: "ONLYONE", membershipTier: "inventor" }, { cookie: second.cookie })).statusCode).toBe(400);
    // The holder coming back to the checkout page may apply the code again: their new checkout replaces the old one.
    expect((await postJson(t.app, "/api/billing/coupons/validate", { code: "ONLYONE", membershipTier: "inventor" }, { cookie: first.cookie })).json()).toEqual({ discount: 30 });

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 37 * 60_000);
      const list = (await get("/api/admin/coupons", admin)).json().coupons;
      expect(list.find((coupon: { code: string }) => coupon.code === "ONLYONE")).toMatchObject({ usedCount: 0, heldCount: 0 });
      const late = await postJson(t.app, `/api/billing/local/checkout/${abandonedId}/pay`, { cardNumber: "4242424242424242" }, { cookie: first.cookie });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe("This checkout has expired. Please start again from the plans.");
      expect((await me(first.cookie)).membershipTier).toBe("free");

      const reopened = await postJson(t.app, "/api/billing/checkout", { plan: "inventor", couponCode: "ONLYONE" }, { cookie: second.cookie });
      expect(reopened.statusCode).toBe(200);
      const cancelledId = String(reopened.json().url).split("/").pop() ?? "";
      expect((await postJson(t.app, `/api/billing/local/checkout/${cancelledId}/cancel`, {}, { cookie: second.cookie })).statusCode).toBe(204);
      expect((await postJson(t.app, `/api/billing/local/checkout/${cancelledId}/pay`, { cardNumber: "4242424242424242" }, { cookie: second.cookie })).statusCode).toBe(409);

      const { paid } = await checkoutAndPay(third.cookie, "inventor", "ONLYONE");
      expect(paid.statusCode).toBe(200);
      expect((await get("/api/billing/account", third.cookie)).json().invoices).toEqual([expect.objectContaining({ amountCents: 6930 })]);
      expect((await get("/api/admin/coupons", admin)).json().coupons.find((coupon: { code: string }) => coupon.code === "ONLYONE")).toMatchObject({ usedCount: 1, heldCount: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses coupon numbers outside their range, naming the field and the range", async () => {
    const huge = await createCoupon("HUGE", { usageLimit: 1e20 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields).toEqual({ usageLimit: "Usage limit must be a whole number from 1 to 1,000,000" });
    expect((await createCoupon("ZERO", { usageLimit: 0 })).json().error.fields).toEqual({ usageLimit: "Usage limit must be greater than 0" });
    expect((await createCoupon("HALF", { usageLimit: 2.5 })).json().error.fields).toEqual({ usageLimit: "Usage limit must be a whole number from 1 to 1,000,000" });
    expect((await createCoupon("BIGOFF", { discount: 101 })).json().error.fields).toEqual({ discount: "Discount must be between 1 and 100 percent" });
    expect((await createCoupon("MAXUSES", { usageLimit: 1_000_000 })).statusCode).toBe(201);
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
