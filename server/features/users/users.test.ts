import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../common/contracts/auth";
import { USER_ADMIN_MESSAGES, type AdminUser, type UsersPage } from "../../../common/contracts/users";
import { sessions, users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, postJson, sendJson, signIn, uniqueEmail, type TestApp } from "../../test/build-test-app";
import { adminAuditLog } from "./audit-log.table";

let t: TestApp;
let admin: { cookie: string; userId: string; email: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await memberCookie(t, "admin", "Acting Admin");
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const me = async (cookie: string) => (await get("/api/me", cookie)).json().user;
const errorOf = (response: { json(): unknown }) => (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe("who may use the user admin API", () => {
  it("answers 401 to visitors and 403 to members on every endpoint, and changes nothing", async () => {
    const member = await memberCookie(t, "brand-ceo", "Curious Member");
    const target = await memberCookie(t, "free", "Untouched Target");
    const newUser = { name: "Sneaky", email: uniqueEmail("sneaky"), password: "secret1", confirmPassword: "secret1", role: "admin" };
    const calls: Array<[method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown]> = [
      ["GET", "/api/admin/users"],
      ["POST", "/api/admin/users", newUser],
      ["PATCH", `/api/admin/users/${target.userId}`, { role: "admin" }],
      ["DELETE", `/api/admin/users/${target.userId}`],
      ["GET", "/api/admin/users/danger-zone"],
      ["POST", "/api/admin/users/delete-inactive", { expected: 0 }],
      ["POST", "/api/admin/users/reset-roles", { expected: 0 }],
      ["POST", "/api/admin/users/email", { userIds: [target.userId], subject: "Hi", message: "Hello" }],
      ["GET", "/api/admin/audit-log"],
      ["GET", "/api/admin/stats"],
    ];
    for (const [method, url, body] of calls) {
      const send = (cookie?: string) => (method === "GET" ? get(url, cookie) : sendJson(t.app, method, url, body, cookie));
      expect((await send()).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await send(member.cookie)).statusCode, `${method} ${url} as a member`).toBe(403);
    }
    const [after] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, target.userId));
    expect(after?.role).toBe("user");
    expect(await t.database.db.select().from(users).where(eq(users.email, newUser.email))).toEqual([]);
  });

  it("signs a deactivated admin out of the admin API at once", async () => {
    const other = await memberCookie(t, "admin", "Soon Inactive Admin");
    expect((await sendJson(t.app, "PATCH", `/api/admin/users/${other.userId}`, { isActive: false }, admin.cookie)).statusCode).toBe(200);
    expect((await get("/api/admin/users", other.cookie)).statusCode).toBe(401);
    const [row] = await t.database.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, other.userId));
    expect(row?.isActive).toBe(false);
  });
});

describe("admin tier change", () => {
  it("grants a tier the member sees on the next request, and records it in the audit log", async () => {
    const member = await memberCookie(t, "free", "Tier Grantee");
    const response = await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "entrepreneur" }, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ membershipTier: "entrepreneur", tierOverride: "entrepreneur" });
    expect((await me(member.cookie)).membershipTier).toBe("entrepreneur");

    const reset = await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "free" }, admin.cookie);
    expect(reset.json()).toMatchObject({ membershipTier: "free", tierOverride: null });
    const log = await t.database.db
      .select({ action: adminAuditLog.action, actorEmail: adminAuditLog.actorEmail, targetEmail: adminAuditLog.targetEmail, before: adminAuditLog.before, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, member.userId))
      .orderBy(adminAuditLog.id);
    const who = { actorEmail: admin.email, targetEmail: member.email };
    expect(log).toEqual([
      { ...who, action: "change-tier", before: { membershipTier: "free", tierOverride: null }, after: { membershipTier: "entrepreneur", tierOverride: "entrepreneur" } },
      { ...who, action: "change-tier", before: { membershipTier: "entrepreneur", tierOverride: "entrepreneur" }, after: { membershipTier: "free", tierOverride: null } },
    ]);
  });

  it("refuses unknown tiers (400), several fields at once (400) and unknown users (404)", async () => {
    const member = await memberCookie(t, "brand-ceo");
    expect((await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "gold" }, admin.cookie)).statusCode).toBe(400);
    expect((await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "free", role: "admin" }, admin.cookie)).statusCode).toBe(400);
    expect((await sendJson(t.app, "PATCH", "/api/admin/users/nobody", { membershipTier: "inventor" }, admin.cookie)).statusCode).toBe(404);
    expect((await me(member.cookie)).membershipTier).toBe("brand-ceo");
  });
});

describe("role and status changes", () => {
  it("grants and removes admin rights, effective on the member's next request, each recorded", async () => {
    const member = await memberCookie(t, "inventor", "Future Admin");
    expect((await get("/api/admin/users", member.cookie)).statusCode).toBe(403);
    const granted = await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { role: "admin" }, admin.cookie);
    expect(granted.json()).toMatchObject({ id: member.userId, role: "admin" });
    expect((await get("/api/admin/users", member.cookie)).statusCode).toBe(200);
    const removed = await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { role: "user" }, admin.cookie);
    expect(removed.json()).toMatchObject({ role: "user" });
    expect((await get("/api/admin/users", member.cookie)).statusCode).toBe(403);
    const log = await t.database.db
      .select({ action: adminAuditLog.action, before: adminAuditLog.before, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, member.userId))
      .orderBy(adminAuditLog.id);
    expect(log).toEqual([
      { action: "change-role", before: { role: "user" }, after: { role: "admin" } },
      { action: "change-role", before: { role: "admin" }, after: { role: "user" } },
    ]);
  });

  it("deactivation ends the member's sessions at once and keeps them out until reactivated", async () => {
    const member = await memberCookie(t, "entrepreneur", "Soon Deactivated");
    expect((await me(member.cookie))?.id).toBe(member.userId);
    expect((await get("/api/members/dashboard", member.cookie)).statusCode).toBe(200);

    const off = await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { isActive: false }, admin.cookie);
    expect(off.json()).toMatchObject({ isActive: false });
    expect(await me(member.cookie)).toBeNull();
    expect((await get("/api/members/dashboard", member.cookie)).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, member.userId))).toEqual([]);
    const refused = await postJson(t.app, "/api/auth/sign-in/email", { email: member.email, password: "secret1" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AUTH_MESSAGES.accountInactive);

    expect((await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { isActive: true }, admin.cookie)).json()).toMatchObject({ isActive: true });
    const cookie = await signIn(t.app, member.email, "secret1");
    expect((await me(cookie))?.id).toBe(member.userId);
    const [entry] = await t.database.db
      .select({ before: adminAuditLog.before, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, member.userId), eq(adminAuditLog.action, "change-status")))
      .orderBy(adminAuditLog.id);
    expect(entry).toEqual({ before: { isActive: true }, after: { isActive: false } });
  });

  it("refuses every change to the admin's own account and deleting it (403)", async () => {
    for (const change of [{ role: "user" }, { isActive: false }, { membershipTier: "free" }]) {
      const response = await sendJson(t.app, "PATCH", `/api/admin/users/${admin.userId}`, change, admin.cookie);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(USER_ADMIN_MESSAGES.cannotChangeSelf);
    }
    const deletion = await sendJson(t.app, "DELETE", `/api/admin/users/${admin.userId}`, undefined, admin.cookie);
    expect(deletion.statusCode).toBe(403);
    expect(errorOf(deletion).message).toBe(USER_ADMIN_MESSAGES.cannotChangeSelf);
    expect(await me(admin.cookie)).toMatchObject({ role: "admin", isActive: true, membershipTier: "brand-ceo" });
  });
});

describe("the last active admin", () => {
  let solo: TestApp;
  beforeAll(async () => {
    solo = await buildTestApp();
  });
  afterAll(() => solo.close());

  const onlyActiveAdmins = async () =>
    (await solo.database.db.select({ id: users.id }).from(users).where(and(eq(users.role, "admin"), eq(users.isActive, true)))).map((row) => row.id);

  it.each([
    // The second to take the locks is no longer an admin.
    ["demote", { role: "user" }, [403]],
    // Either the same, or the first change ended the second admin's sessions before its request was read.
    ["deactivate", { isActive: false }, [401, 403]],
  ])("two admins who %s each other at once: exactly one succeeds, one active admin remains", async (_, change, refusals) => {
    for (const id of await onlyActiveAdmins()) await solo.database.db.update(users).set({ role: "user" }).where(eq(users.id, id));
    const first = await memberCookie(solo, "admin", "First Admin");
    const second = await memberCookie(solo, "admin", "Second Admin");
    expect(await onlyActiveAdmins()).toHaveLength(2);

    const answers = await Promise.all([
      sendJson(solo.app, "PATCH", `/api/admin/users/${second.userId}`, change, first.cookie),
      sendJson(solo.app, "PATCH", `/api/admin/users/${first.userId}`, change, second.cookie),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refused = answers.find((answer) => answer.statusCode !== 200);
    expect(refusals).toContain(refused?.statusCode);
    const remaining = await onlyActiveAdmins();
    expect(remaining).toHaveLength(1);
    expect([first.userId, second.userId]).toContain(remaining[0]);
  });

  it("lets an admin demote another while one active admin stays, and refuses the demoted admin from then on", async () => {
    for (const id of await onlyActiveAdmins()) await solo.database.db.update(users).set({ role: "user" }).where(eq(users.id, id));
    const keeper = await memberCookie(solo, "admin", "Keeper");
    const leaver = await memberCookie(solo, "admin", "Leaver");
    expect((await sendJson(solo.app, "PATCH", `/api/admin/users/${leaver.userId}`, { role: "user" }, keeper.cookie)).statusCode).toBe(200);
    expect((await sendJson(solo.app, "PATCH", `/api/admin/users/${keeper.userId}`, { role: "user" }, leaver.cookie)).statusCode).toBe(403);
    expect(await onlyActiveAdmins()).toEqual([keeper.userId]);
  });
});

describe("Add User", () => {
  const valid = () => ({ name: "Added Person", email: uniqueEmail("added"), password: "secret1", confirmPassword: "secret1" });

  it("answers the spec's message for each invalid field", async () => {
    const cases: Array<[Record<string, unknown>, string, string | null]> = [
      [{ name: "  " }, "name", AUTH_MESSAGES.nameRequired],
      [{ email: "" }, "email", AUTH_MESSAGES.emailRequired],
      [{ email: "not-an-email" }, "email", AUTH_MESSAGES.emailInvalid],
      [{ password: "12345", confirmPassword: "12345" }, "password", AUTH_MESSAGES.passwordTooShort],
      [{ confirmPassword: "secret2" }, "confirmPassword", AUTH_MESSAGES.passwordsDoNotMatch],
      [{ role: "owner" }, "role", null],
      [{ membershipTier: "gold" }, "membershipTier", null],
    ];
    for (const [override, field, message] of cases) {
      const response = await sendJson(t.app, "POST", "/api/admin/users", { ...valid(), ...override }, admin.cookie);
      expect(response.statusCode, field).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_FAILED");
      expect(errorOf(response).fields?.[field]).toEqual(message ?? expect.any(String));
    }
    expect(await t.database.db.select().from(users).where(eq(users.name, "Added Person"))).toEqual([]);
  });

  it("refuses an email that already has an account, whatever its case (409 on the email field)", async () => {
    const existing = await memberCookie(t, "free", "Existing Person");
    const response = await sendJson(t.app, "POST", "/api/admin/users", { ...valid(), email: existing.email.toUpperCase() }, admin.cookie);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ message: AUTH_MESSAGES.emailTaken, fields: { email: AUTH_MESSAGES.emailTaken } });
  });

  it("creates a confirmed account with its role, tier and status that signs in at once, recorded in the audit log", async () => {
    const input = { ...valid(), email: uniqueEmail("Added-Admin"), role: "admin", membershipTier: "entrepreneur" };
    const response = await sendJson(t.app, "POST", "/api/admin/users", input, admin.cookie);
    expect(response.statusCode).toBe(201);
    const created: AdminUser = response.json();
    expect(created).toMatchObject({ name: "Added Person", email: input.email.toLowerCase(), role: "admin", membershipTier: "entrepreneur", tierOverride: "entrepreneur", isActive: true, lastLogin: null });
    const [row] = await t.database.db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, created.id));
    expect(row?.emailVerified).toBe(true);

    const cookie = await signIn(t.app, input.email, "secret1");
    expect(await me(cookie)).toMatchObject({ id: created.id, role: "admin", membershipTier: "entrepreneur" });
    expect((await get("/api/admin/users", cookie)).statusCode).toBe(200);

    const [entry] = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, created.id));
    expect(entry).toMatchObject({ action: "create-user", actorEmail: admin.email, targetEmail: created.email, before: null, after: { role: "admin", membershipTier: "entrepreneur", tierOverride: "entrepreneur", isActive: true } });
  });

  it("defaults to an active free user; an inactive one cannot sign in", async () => {
    const plain: AdminUser = (await sendJson(t.app, "POST", "/api/admin/users", valid(), admin.cookie)).json();
    expect(plain).toMatchObject({ role: "user", membershipTier: "free", tierOverride: null, isActive: true });
    const inactive = { ...valid(), isActive: false };
    expect((await sendJson(t.app, "POST", "/api/admin/users", inactive, admin.cookie)).json()).toMatchObject({ isActive: false });
    const refused = await postJson(t.app, "/api/auth/sign-in/email", { email: inactive.email, password: "secret1" });
    expect(refused.statusCode).toBe(403);
  });

  it("lets exactly one of two simultaneous creations of the same email through", async () => {
    const input = valid();
    const answers = await Promise.all([0, 1].map(() => sendJson(t.app, "POST", "/api/admin/users", input, admin.cookie)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, input.email))).toHaveLength(1);
  });
});

describe("GET /api/admin/users", () => {
  const page = async (query: string): Promise<UsersPage> => {
    const response = await get(`/api/admin/users?${query}`, admin.cookie);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it("searches name or email case-insensitively, newest first, paged, with LIKE wildcards literal", async () => {
    await memberCookie(t, "free", "Zelda Searchable");
    await memberCookie(t, "free", "zelda searchable two");
    const found = await page("search=ZELDA&pageSize=1");
    expect(found.total).toBe(2);
    expect(found.users.map((user) => user.name)).toEqual(["zelda searchable two"]);
    const second = await page("search=ZELDA&pageSize=1&page=2");
    expect(second.users.map((user) => user.name)).toEqual(["Zelda Searchable"]);
    expect((await page("search=%25")).total).toBe(0);
    expect((await page("search=zelda_")).total).toBe(0);
  });

  it("finds an email fragment and sorts by name, email, oldest and most recent login", async () => {
    const tag = `srt${Date.now().toString(36)}`;
    const bravo = await memberCookie(t, "free", `${tag} Bravo`);
    const alpha = await memberCookie(t, "free", `${tag} alpha`);
    const charlie = await memberCookie(t, "free", `${tag} Charlie`);
    const names = async (query: string) => (await page(`search=${tag}&${query}`)).users.map((user) => user.name);
    expect(await names("sort=name")).toEqual([`${tag} alpha`, `${tag} Bravo`, `${tag} Charlie`]);
    expect(await names("sort=oldest")).toEqual([`${tag} Bravo`, `${tag} alpha`, `${tag} Charlie`]);
    expect(await names("sort=newest")).toEqual([`${tag} Charlie`, `${tag} alpha`, `${tag} Bravo`]);
    const byEmail = [bravo, alpha, charlie].sort((a, b) => a.email.localeCompare(b.email)).map((user) => user.userId);
    expect((await page(`search=${tag}&sort=email`)).users.map((user) => user.id)).toEqual(byEmail);

    await signIn(t.app, alpha.email, "secret1");
    expect((await names("sort=lastLogin"))[0]).toBe(`${tag} alpha`);
    const fragment = bravo.email.slice(0, bravo.email.indexOf("@") + 1).toUpperCase();
    const byFragment = await page(`search=${encodeURIComponent(fragment)}`);
    expect(byFragment.users.map((user) => user.id)).toEqual([bravo.userId]);
    expect((await get("/api/admin/users?sort=shoe-size", admin.cookie)).statusCode).toBe(400);
    expect((await get("/api/admin/users?pageSize=1000", admin.cookie)).statusCode).toBe(400);
  });
});
