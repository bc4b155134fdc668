import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../auth/auth.table";
import { billingCustomers, checkoutSessions, coupons, subscriptions } from "../../billing/billing.table";
import { buildTestApp, memberCookie, type TestApp } from "../../test/build-test-app";
import { reconstructRevenueHistory } from "./backfill";
import { revenueHistoryState, subscriptionEvents } from "./revenue.table";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe("reconstructing the history of members stored before it", () => {
  it("infers starts, changes and ends once, however often and however many instances start", async () => {
    const { db } = t.database;
    const upgraded = await memberCookie(t, "free", "Upgraded Member");
    const gone = await memberCookie(t, "free", "Gone Member");
    const comped = await memberCookie(t, "free", "Comped Member");
    const [coupon] = await db.insert(coupons).values({ code: "OLD10", discountPercent: 10, membershipTier: "inventor", usageLimit: 5, validUntil: at("2030-01-01") }).returning();
    await db.insert(billingCustomers).values({ userId: upgraded.userId, provider: "local", customerId: "lcus_old_1" });
    await db.insert(checkoutSessions).values({ id: "lcs_old_1", userId: upgraded.userId, provider: "local", plan: "inventor", couponId: coupon?.id, discountPercent: 10, amountCents: 8910, status: "complete", couponRedeemed: true, createdAt: at("2025-01-09"), completedAt: at("2025-01-10") });
    await db.insert(subscriptions).values({ userId: upgraded.userId, provider: "local", subscriptionId: "lsub_old_1", status: "active", tier: "entrepreneur", currentPeriodStart: at("2025-03-05"), currentPeriodEnd: at("2025-04-05"), syncedAt: at("2025-03-05") });
    await db.insert(checkoutSessions).values({ id: "lcs_old_2", userId: gone.userId, provider: "local", plan: "brand-ceo", amountCents: 49900, status: "complete", createdAt: at("2025-02-01"), completedAt: at("2025-02-01") });
    await db.update(users).set({ tierOverride: "entrepreneur", createdAt: at("2025-02-15") }).where(eq(users.id, comped.userId));

    const firsts = await Promise.all([reconstructRevenueHistory(db, at("2025-05-01")), reconstructRevenueHistory(db, at("2025-05-01"))]);
    expect(firsts.sort()).toEqual([0, 3]);
    expect(await reconstructRevenueHistory(db, at("2025-05-01"))).toBe(0);
    expect(await db.select().from(revenueHistoryState)).toHaveLength(1);

    const events = await db.select().from(subscriptionEvents).orderBy(asc(subscriptionEvents.occurredAt), asc(subscriptionEvents.id));
    const summary = events.map((event) => [event.userId === upgraded.userId ? "upgraded" : event.userId === gone.userId ? "gone" : "comped", event.kind, event.occurredAt.toISOString().slice(0, 10), event.movement, event.couponCode, event.reconstructed]);
    expect(summary).toEqual([
      ["upgraded", "started", "2025-01-10", "new", "OLD10", true],
      ["gone", "started", "2025-02-01", "new", null, true],
      ["comped", "comp_granted", "2025-02-15", null, null, true],
      ["gone", "cancelled", "2025-03-03", "churn", null, true],
      ["upgraded", "changed", "2025-03-05", "expansion", null, true],
    ]);
    const figures = (await t.app.inject({ url: "/api/admin/revenue?from=2025-01&to=2025-04", headers: { cookie: (await memberCookie(t, "admin")).cookie } })).json();
    expect(figures.months.map((month: { mrrEndCents: number }) => month.mrrEndCents)).toEqual([9_900, 59_800, 24_900, 24_900]);
    expect(figures.months[1].membersByTier.entrepreneur.comped).toBe(1);
  });
});
