import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminAccount } from "../../auth/first-admin";
import { advanceLocalSubscription } from "../../billing/local/local.service";
import { buildTestApp, postJson, signIn, signUp, uniqueEmail, type TestApp } from "../../test/build-test-app";
import { monthOf } from "./months";
import { subscriptionEvents } from "./revenue.table";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdminAccount(t.auth, { email: "revenue-admin@example.com", password: "admin-pass-1", name: "Revenue Admin" });
  admin = await signIn(t.app, "revenue-admin@example.com", "admin-pass-1");
});
afterAll(() => t.close());

async function member() {
  const cookie = await signUp(t.app, { name: "Paying Member", email: uniqueEmail("revenue"), password: "secret1" });
  const id = (await t.app.inject({ url: "/api/me", headers: { cookie } })).json().user.id as string;
  return { cookie, id };
}

async function checkoutAndPay(cookie: string, plan: string, couponCode?: string) {
  const started = await postJson(t.app, "/api/billing/checkout", { plan, couponCode }, { cookie });
  expect(started.statusCode).toBe(200);
  const sessionId = String(started.json().url).split("/billing/checkout/")[1] ?? "";
  expect((await postJson(t.app, `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: "4242 4242 4242 4242" }, { cookie })).statusCode).toBe(200);
}

const historyOf = async (userId: string) =>
  (await t.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, userId)).orderBy(asc(subscriptionEvents.id))).map((row) => ({
    kind: row.kind,
    state: `${row.stateBefore}>${row.stateAfter}`,
    tier: `${row.tierBefore}>${row.tierAfter}`,
    mrr: `${row.mrrBeforeCents}>${row.mrrAfterCents}`,
    movement: row.movement,
    coupon: row.couponCode,
    cohort: row.cohortMonth,
  }));

describe("the subscription history the sync writes", () => {
  it("records a start with its coupon, a scheduled cancel and its undoing, an upgrade, a failed payment and its recovery, a cancellation and a return", async () => {
    const payer = await member();
    const validUntil = new Date(Date.now() + 90 * 86_400_000).toISOString();
    expect((await postJson(t.app, "/api/admin/coupons", { code: "REV20", discount: 20, membershipTier: "inventor", usageLimit: 10, validUntil }, { cookie: admin })).statusCode).toBe(201);
    await checkoutAndPay(payer.cookie, "inventor", "rev20");
    await postJson(t.app, "/api/billing/local/portal", { action: "cancel" }, { cookie: payer.cookie });
    await postJson(t.app, "/api/billing/local/portal", { action: "resume" }, { cookie: payer.cookie });
    expect((await postJson(t.app, "/api/billing/change-plan", { plan: "entrepreneur" }, { cookie: payer.cookie })).statusCode).toBe(200);
    await advanceLocalSubscription(t.billing!, payer.id, "fail");
    await advanceLocalSubscription(t.billing!, payer.id, "recover");
    // A renewal changes nothing the figures count.
    await advanceLocalSubscription(t.billing!, payer.id, "renew");
    await advanceLocalSubscription(t.billing!, payer.id, "cancel");
    await checkoutAndPay(payer.cookie, "brand-ceo");

    const cohort = monthOf(new Date());
    expect(await historyOf(payer.id)).toEqual([
      { kind: "started", state: "none>active", tier: "null>inventor", mrr: "0>9900", movement: "new", coupon: "REV20", cohort },
      { kind: "cancel_scheduled", state: "active>active", tier: "inventor>inventor", mrr: "9900>9900", movement: null, coupon: null, cohort },
      { kind: "cancel_undone", state: "active>active", tier: "inventor>inventor", mrr: "9900>9900", movement: null, coupon: null, cohort },
      { kind: "changed", state: "active>active", tier: "inventor>entrepreneur", mrr: "9900>24900", movement: "expansion", coupon: null, cohort },
      { kind: "payment_failed", state: "active>past_due", tier: "entrepreneur>entrepreneur", mrr: "24900>24900", movement: null, coupon: null, cohort },
      { kind: "recovered", state: "past_due>active", tier: "entrepreneur>entrepreneur", mrr: "24900>24900", movement: null, coupon: null, cohort },
      { kind: "cancelled", state: "active>cancelled", tier: "entrepreneur>entrepreneur", mrr: "24900>0", movement: "churn", coupon: null, cohort },
      { kind: "started", state: "cancelled>active", tier: "entrepreneur>brand-ceo", mrr: "0>49900", movement: "reactivation", coupon: null, cohort },
    ]);
    const keys = new Set((await t.database.db.select({ key: subscriptionEvents.memberKey }).from(subscriptionEvents).where(eq(subscriptionEvents.userId, payer.id))).map((row) => row.key));
    expect(keys.size).toBe(1);
  });
});
