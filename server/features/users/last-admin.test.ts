import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const roleAndStatus = async (userId: string) =>
  (await t.database.db.select({ role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, userId)))[0];

/*
 * Another instance demotes an admin: this instance still holds that admin's session as an admin for up
 * to the viewer cache time (1 s), so requireAdmin lets the request through. Only the check made under
 * the active admins' row locks (last-admin.ts) stops it.
 */
describe("an admin demoted on another instance, still cached here as an admin", () => {
  it.each([
    ["deactivate a third admin", (target: string) => ["PATCH", `/api/admin/users/${target}`, { isActive: false }] as const],
    ["demote a third admin", (target: string) => ["PATCH", `/api/admin/users/${target}`, { role: "user" }] as const],
    ["delete a third admin", (target: string) => ["DELETE", `/api/admin/users/${target}`, undefined] as const],
    ["reset every other admin's role", () => ["POST", "/api/admin/users/reset-roles", { expected: 2 }] as const],
  ])("cannot %s", async (_, request) => {
    const keeper = await memberCookie(t, "admin", "Keeper");
    const demoted = await memberCookie(t, "admin", "Demoted");
    const third = await memberCookie(t, "admin", "Third");
    for (const other of (await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, "admin")))) {
      if (![keeper.userId, demoted.userId, third.userId].includes(other.id)) await t.database.db.update(users).set({ role: "user" }).where(eq(users.id, other.id));
    }
    // The demoted admin's session is resolved (and cached) as an admin's...
    expect((await t.app.inject({ url: "/api/admin/users/danger-zone", headers: { cookie: demoted.cookie } })).statusCode).toBe(200);
    // ...then the demotion lands in the shared database without this instance hearing of it.
    await t.database.db.update(users).set({ role: "user" }).where(eq(users.id, demoted.userId));

    const [method, url, body] = request(third.userId);
    const refused = await sendJson(t.app, method, url, body, demoted.cookie);
    expect(refused.statusCode).toBe(403);
    expect(await roleAndStatus(third.userId)).toEqual({ role: "admin", isActive: true });
    expect(await roleAndStatus(keeper.userId)).toEqual({ role: "admin", isActive: true });
  });
});
