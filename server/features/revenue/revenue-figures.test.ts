import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaidTier } from "../../../common/tiers";
import { createAdminAccount } from "../../auth/first-admin";
import { buildTestApp, memberCookie, sendJson, signIn, type TestApp } from "../../test/build-test-app";
import { reconstructRevenueHistory } from "./backfill";
import { recordCompChange, recordRetentionEvent, recordSubscriptionChange, type SyncedRow } from "./record-events";
import { subscriptionEvents } from "./revenue.table";

let t: TestApp;
let admin: string;
const ids: Record<"a" | "b" | "c" | "d" | "e" | "f", string> = { a: "", b: "", c: "", d: "", e: "", f: "" };
beforeAll(async () => {
  t = await buildTestApp();
  await createAdminAccount(t.auth, { email: "figures-admin@example.com", password: "admin-pass-1", name: "Figures Admin" });
  admin = await signIn(t.app, "figures-admin@example.com", "admin-pass-1");
  for (const key of Object.keys(ids) as Array<keyof typeof ids>) ids[key] = (await memberCookie(t, "free", `Member ${key}`)).userId;
  await craftHistory();
});
afterAll(() => t.close());

const row = (status: string, tier: PaidTier): SyncedRow => ({ status, tier, cancelAtPeriodEnd: false });
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const change = (userId: string, previous: SyncedRow | undefined, next: SyncedRow | null, day: string) => recordSubscriptionChange(t.database.db, { userId, previous, next, at: at(day) });

/** Six members over January to April 2025 (README: Revenue figures says what each movement is). */
async function craftHistory() {
  const { a, b, c, d, e, f } = ids;
  await change(a, undefined, row("active", "inventor"), "2025-01-10");
  await change(b, undefined, row("active", "entrepreneur"), "2025-01-20");
  await change(a, row("active", "inventor"), row("active", "entrepreneur"), "2025-02-05");
  await change(c, undefined, row("active", "brand-ceo"), "2025-02-10");
  await recordCompChange(t.database.db, { userId: f, before: null, after: "brand-ceo", at: at("2025-02-11") });
  await change(b, row("active", "entrepreneur"), row("active", "inventor"), "2025-03-01");
  await change(d, undefined, row("trialing", "inventor"), "2025-03-02");
  await change(e, undefined, row("trialing", "inventor"), "2025-03-05");
  await change(c, row("active", "brand-ceo"), row("canceled", "brand-ceo"), "2025-03-10");
  await change(d, row("trialing", "inventor"), row("active", "inventor"), "2025-03-16");
  await change(e, row("trialing", "inventor"), null, "2025-03-19");
  await recordRetentionEvent(t.database.db, { userId: a, kind: "save_offer_shown", reason: "discount", at: at("2025-04-01") });
  await recordRetentionEvent(t.database.db, { userId: a, kind: "save_offer_declined", reason: "discount", at: at("2025-04-01") });
  await recordRetentionEvent(t.database.db, { userId: a, kind: "cancel_reason", reason: "=HYPERLINK(\"x\")", detail: "Too dear for me", at: at("2025-04-01") });
  await change(a, row("active", "entrepreneur"), null, "2025-04-03");
  await change(c, row("canceled", "brand-ceo"), row("active", "inventor"), "2025-04-12");
}

const figures = async (query = "from=2025-01&to=2025-04") => {
  const response = await t.app.inject({ url: `/api/admin/revenue?${query}`, headers: { cookie: admin } });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe("revenue figures from a crafted history", () => {
  it("computes MRR and its movements, churn rate, members per tier, trials, save offers and cohorts", async () => {
    const { months, cohorts } = await figures();
    expect(months.map((m: { month: string }) => m.month)).toEqual(["2025-01", "2025-02", "2025-03", "2025-04"]);
    const [jan, feb, mar, apr] = months;
    expect(jan).toMatchObject({ mrrStartCents: 0, mrrEndCents: 34_800, payingStart: 0, payingEnd: 2, churnRate: null });
    expect(jan.movements.new).toEqual({ cents: 34_800, members: 2 });
    expect(feb).toMatchObject({ mrrStartCents: 34_800, mrrEndCents: 99_700, payingStart: 2, churnRate: 0 });
    expect(feb.movements).toMatchObject({ new: { cents: 49_900, members: 1 }, expansion: { cents: 15_000, members: 1 } });
    expect(feb.membersByTier["brand-ceo"]).toEqual({ paying: 1, trialing: 0, paused: 0, comped: 1 });
    expect(mar).toMatchObject({ mrrStartCents: 99_700, mrrEndCents: 44_700, payingStart: 3, payingEnd: 3 });
    expect(mar.churnRate).toBeCloseTo(1 / 3);
    expect(mar.movements).toMatchObject({ new: { cents: 9_900, members: 1 }, contraction: { cents: -15_000, members: 1 }, churn: { cents: -49_900, members: 1 } });
    expect(mar.trials).toEqual({ started: 2, converted: 1, ended: 1, conversionRate: 0.5 });
    expect(mar.membersByTier.inventor).toEqual({ paying: 2, trialing: 0, paused: 0, comped: 0 });
    expect(apr).toMatchObject({ mrrStartCents: 44_700, mrrEndCents: 29_700, payingStart: 3, payingEnd: 3 });
    expect(apr.churnRate).toBeCloseTo(1 / 3);
    expect(apr.movements).toMatchObject({ churn: { cents: -24_900, members: 1 }, reactivation: { cents: 9_900, members: 1 } });
    expect(apr.saveOffers).toEqual({ shown: 1, accepted: 0, declined: 1 });
    expect(apr.cancelReasons).toEqual([{ reason: '=HYPERLINK("x")', count: 1 }]);
    expect(cohorts).toEqual([
      { cohort: "2025-01", joined: 2, stillPaying: [1, 1, 1, 0.5] },
      { cohort: "2025-02", joined: 1, stillPaying: [1, 0, 1] },
      { cohort: "2025-03", joined: 1, stillPaying: [1, 1] },
    ]);
  });

  it("keeps past months as they were: a member deleted, a change today, even an event stamped in a closed month", async () => {
    expect(await reconstructRevenueHistory(t.database.db)).toBe(0);
    const before = await figures();
    expect((await sendJson(t.app, "DELETE", `/api/admin/users/${ids.b}`, undefined, admin)).statusCode).toBe(204);
    const [kept] = await t.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.kind, "cancel_reason"));
    expect(kept?.detail).toBe("Too dear for me");
    await change(ids.d, row("active", "inventor"), row("active", "brand-ceo"), new Date().toISOString().slice(0, 10));
    await change(ids.c, row("active", "inventor"), null, "2025-03-20");
    expect(await figures()).toEqual(before);
    // The deleted member's events stay, without the account.
    expect((await t.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.tierBefore, "entrepreneur"))).some((event) => event.userId === null)).toBe(true);
  });

  it("exports each figure as CSV, with formula cells neutralised", async () => {
    const mrr = await t.app.inject({ url: "/api/admin/revenue/mrr/csv?from=2025-01&to=2025-04", headers: { cookie: admin } });
    expect(mrr.statusCode).toBe(200);
    expect(mrr.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(mrr.headers["content-disposition"]).toBe('attachment; filename="revenue-mrr-2025-01-to-2025-04.csv"');
    expect(mrr.body.split("\r\n").slice(0, 3)).toEqual(["month,mrr_start,new,expansion,contraction,churn,reactivation,paused,resumed,mrr_end", "2025-01,0.00,348.00,0.00,0.00,0.00,0.00,0.00,0.00,348.00", "2025-02,348.00,499.00,150.00,0.00,0.00,0.00,0.00,0.00,997.00"]);
    const offers = await t.app.inject({ url: "/api/admin/revenue/save-offers/csv?from=2025-04&to=2025-04", headers: { cookie: admin } });
    expect(offers.body).toContain(`2025-04,cancel_reason,"'=HYPERLINK(""x"")",1`);
    const cohorts = await t.app.inject({ url: "/api/admin/revenue/cohorts/csv?from=2025-01&to=2025-04", headers: { cookie: admin } });
    expect(cohorts.body.split("\r\n")[1]).toBe("2025-01,2,1.0000,1.0000,1.0000,0.5000");
  });

  it("refuses members and bad ranges", async () => {
    const member = await memberCookie(t, "brand-ceo");
    expect((await t.app.inject({ url: "/api/admin/revenue", headers: { cookie: member.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/admin/revenue/mrr/csv", headers: { cookie: member.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/admin/revenue?from=2025-13", headers: { cookie: admin } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/admin/revenue?from=2000-01&to=2025-01", headers: { cookie: admin } })).json().error.message).toBe("Choose at most 120 months.");
    expect((await t.app.inject({ url: "/api/admin/revenue/secrets/csv", headers: { cookie: admin } })).statusCode).toBe(400);
  });
});
