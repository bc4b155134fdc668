import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_ADMIN_MESSAGES, type AdminStats, type AuditLogPage } from "../../../common/contracts/users";
import { users } from "../../auth/auth.table";
import { subscriptions } from "../../billing/billing.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { weekStartUtc } from "./admin-stats";

let t: TestApp;
let admin: { cookie: string; userId: string; email: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await memberCookie(t, "admin", "Dashboard Admin");
});
afterAll(() => t.close());

const get = (url: string, cookie = admin.cookie) => t.app.inject({ url, headers: { cookie } });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

describe("GET /api/admin/stats", () => {
  it("counts, lists and charts a known set of accounts, and sums paying subscriptions at plan prices", async () => {
    const thisWeek = weekStartUtc(new Date()).getTime();
    const at = (time: number) => new Date(time);
    const account = (id: string, fields: Partial<typeof users.$inferInsert>) => ({ id, email: `${id}@example.com`, name: `Stats ${id}`, ...fields });
    await t.database.db.insert(users).values([
      account("stats-old", { membershipTier: "free", createdAt: at(thisWeek - 20 * WEEK) }),
      account("stats-first-week", { membershipTier: "inventor", createdAt: at(thisWeek - 11 * WEEK + HOUR), lastLogin: at(Date.now() - 3 * DAY) }),
      account("stats-inactive", { membershipTier: "inventor", isActive: false, createdAt: at(thisWeek - 5 * WEEK + HOUR) }),
      account("stats-admin", { membershipTier: "entrepreneur", role: "admin", createdAt: at(thisWeek - 5 * WEEK + 2 * HOUR), lastLogin: at(Date.now() - DAY) }),
      account("stats-this-week", { membershipTier: "brand-ceo", createdAt: at(thisWeek) }),
    ]);
    const subscription = (userId: string, status: string, tier: "inventor" | "entrepreneur" | "brand-ceo") => ({ userId, provider: "local" as const, subscriptionId: `sub-${userId}`, status, tier, syncedAt: new Date() });
    await t.database.db.insert(subscriptions).values([
      subscription("stats-first-week", "active", "inventor"),
      subscription("stats-this-week", "trialing", "brand-ceo"),
      subscription("stats-admin", "past_due", "entrepreneur"),
      subscription("stats-inactive", "canceled", "inventor"),
    ]);

    const response = await get("/api/admin/stats");
    expect(response.statusCode).toBe(200);
    const stats: AdminStats = response.json();
    expect(stats.counts).toEqual({ total: 6, active: 5, inactive: 1, admins: 2, byTier: { free: 1, inventor: 2, entrepreneur: 1, "brand-ceo": 2 } });
    expect(stats.recentRegistrations.map((user) => user.id)).toEqual([admin.userId, "stats-this-week", "stats-admin", "stats-inactive", "stats-first-week"]);
    expect(stats.recentLogins.map((user) => user.id)).toEqual([admin.userId, "stats-admin", "stats-first-week"]);
    expect(stats.recentLogins[1]).toMatchObject({ email: "stats-admin@example.com", role: "admin", membershipTier: "entrepreneur", isActive: true });

    expect(stats.weeks).toHaveLength(12);
    const day = (time: number) => new Date(time).toISOString().slice(0, 10);
    expect(stats.weeks.map((week) => week.week)).toEqual(Array.from({ length: 12 }, (_, index) => day(thisWeek - (11 - index) * WEEK)));
    expect(stats.weeks.map((week) => week.signUps)).toEqual([1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2]);
    expect(new Date(`${stats.weeks[0]?.week}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(stats.weeks[0]?.membersByTier).toEqual({ free: 1, inventor: 1, entrepreneur: 0, "brand-ceo": 0 });
    expect(stats.weeks[5]?.membersByTier).toEqual({ free: 1, inventor: 1, entrepreneur: 0, "brand-ceo": 0 });
    expect(stats.weeks[6]?.membersByTier).toEqual({ free: 1, inventor: 2, entrepreneur: 1, "brand-ceo": 0 });
    expect(stats.weeks[11]?.membersByTier).toEqual({ free: 1, inventor: 2, entrepreneur: 1, "brand-ceo": 2 });

    expect(stats.mrrCentsByTier).toEqual({ inventor: 9900, entrepreneur: 0, "brand-ceo": 49900 });
  });
});

describe("weekStartUtc", () => {
  it("is the Monday 00:00 UTC of the week, Sundays included", () => {
    expect(weekStartUtc(new Date("2025-06-22T23:59:00Z")).toISOString()).toBe("2025-06-16T00:00:00.000Z");
    expect(weekStartUtc(new Date("2025-06-23T00:00:00Z")).toISOString()).toBe("2025-06-23T00:00:00.000Z");
    expect(weekStartUtc(new Date("2025-06-25T12:00:00Z")).toISOString()).toBe("2025-06-23T00:00:00.000Z");
  });
});

describe("POST /api/admin/users/email", () => {
  it("starts a bulk send to each existing selected account once; each message reaches the outbox with the admin's HTML sanitized", async () => {
    const first = await memberCookie(t, "inventor", "Mail One");
    const second = await memberCookie(t, "free", "Mail Two");
    const subject = `Launch day ${Date.now()}`;
    const message = "<p>Hello <b>inventors</b> & friends,</p><script>steal()</script>";
    const response = await sendJson(t.app, "POST", "/api/admin/users/email", { userIds: [first.userId, second.userId, first.userId, "no-such-user"], subject, message }, admin.cookie);
    expect(response.json()).toMatchObject({ queued: 2 });
    for (let tries = 0; (await get(`/api/admin/email/bulk/${response.json().sendId}`)).json().status !== "done"; tries += 1) {
      if (tries > 300) throw new Error("bulk send did not finish");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const outbox = (await get("/api/admin/outbox")).json().messages.filter((mail: { subject: string }) => mail.subject === subject);
    expect(outbox.map((mail: { to: string }) => mail.to).sort()).toEqual([first.email, second.email].sort());
    expect(outbox[0].html).toMatch(/^<p>Hello <b>inventors<\/b> &amp; friends,<\/p><hr>/);
    expect(outbox[0].text).toMatch(/^Hello inventors & friends,/);
  });

  it("answers the spec's messages for a missing selection, subject or message", async () => {
    const member = await memberCookie(t, "free");
    const cases: Array<[object, string, string]> = [
      [{ userIds: [], subject: "S", message: "M" }, "userIds", USER_ADMIN_MESSAGES.noUsersSelected],
      [{ userIds: ["no-such-user"], subject: "S", message: "M" }, "userIds", USER_ADMIN_MESSAGES.noUsersSelected],
      [{ userIds: [member.userId], subject: "  ", message: "M" }, "subject", USER_ADMIN_MESSAGES.subjectAndMessage],
      [{ userIds: [member.userId], subject: "S" }, "message", USER_ADMIN_MESSAGES.subjectAndMessage],
    ];
    for (const [body, field, text] of cases) {
      const response = await sendJson(t.app, "POST", "/api/admin/users/email", body, admin.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[field]).toBe(text);
    }
  });
});

describe("GET /api/admin/audit-log", () => {
  it("pages admin changes newest first with who, what, before and after", async () => {
    const member = await memberCookie(t, "free", "Audited Member");
    await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "inventor" }, admin.cookie);
    await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { role: "admin" }, admin.cookie);
    await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { isActive: false }, admin.cookie);

    const first: AuditLogPage = (await get("/api/admin/audit-log?pageSize=2")).json();
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["change-status", { isActive: true }, { isActive: false }],
      ["change-role", { role: "user" }, { role: "admin" }],
    ]);
    expect(first.entries[0]).toMatchObject({ actorEmail: admin.email, targetEmail: member.email });
    const second: AuditLogPage = (await get("/api/admin/audit-log?pageSize=2&page=2")).json();
    expect(second.entries[0]).toMatchObject({ action: "change-tier", after: { membershipTier: "inventor", tierOverride: "inventor" } });
    expect((await get("/api/admin/audit-log?page=0")).statusCode).toBe(400);
  });
});
