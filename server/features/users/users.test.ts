import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UsersPage } from "../../../common/contracts/users";
import { adminAuditLog } from "./audit-log.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
});
afterAll(() => t.close());

const me = async (cookie: string) => (await t.app.inject({ url: "/api/auth/get-session", headers: { cookie } })).json().user;

describe("admin tier change", () => {
  it("grants a tier the member sees on the next request, and records it in the audit log", async () => {
    const member = await memberCookie(t, "free", "Tier Grantee");
    const response = await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "entrepreneur" }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ membershipTier: "entrepreneur", tierOverride: "entrepreneur" });
    expect((await me(member.cookie)).membershipTier).toBe("entrepreneur");

    const reset = await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "free" }, admin);
    expect(reset.json()).toMatchObject({ membershipTier: "free", tierOverride: null });
    const log = await t.database.db
      .select({ action: adminAuditLog.action, before: adminAuditLog.before, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, member.userId))
      .orderBy(adminAuditLog.id);
    expect(log).toEqual([
      { action: "change-tier", before: { membershipTier: "free", tierOverride: null }, after: { membershipTier: "entrepreneur", tierOverride: "entrepreneur" } },
      { action: "change-tier", before: { membershipTier: "entrepreneur", tierOverride: "entrepreneur" }, after: { membershipTier: "free", tierOverride: null } },
    ]);
  });

  it("refuses members (403), visitors (401), unknown tiers (400) and unknown users (404)", async () => {
    const member = await memberCookie(t, "brand-ceo");
    expect((await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "free" }, member.cookie)).statusCode).toBe(403);
    expect((await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "free" })).statusCode).toBe(401);
    expect((await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "gold" }, admin)).statusCode).toBe(400);
    expect((await sendJson(t.app, "PATCH", "/api/admin/users/nobody", { membershipTier: "inventor" }, admin)).statusCode).toBe(404);
  });
});

describe("GET /api/admin/users", () => {
  it("searches name or email case-insensitively, newest first, paged, with LIKE wildcards literal", async () => {
    await memberCookie(t, "free", "Zelda Searchable");
    await memberCookie(t, "free", "zelda searchable two");
    const page = async (query: string, cookie = admin) => t.app.inject({ url: `/api/admin/users?${query}`, headers: { cookie } });
    const found: UsersPage = (await page("search=ZELDA&pageSize=1")).json();
    expect(found.total).toBe(2);
    expect(found.users.map((user) => user.name)).toEqual(["zelda searchable two"]);
    const second: UsersPage = (await page("search=ZELDA&pageSize=1&page=2")).json();
    expect(second.users.map((user) => user.name)).toEqual(["Zelda Searchable"]);
    expect(((await page("search=%25")).json() as UsersPage).total).toBe(0);
    expect((await page("search=zelda", (await memberCookie(t, "inventor")).cookie)).statusCode).toBe(403);
  });
});
