import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWO_FACTOR_MESSAGES } from "../../common/contracts/settings";
import { communityPosts, communityReplies } from "../features/community/community.table";
import { adminAuditLog } from "../features/users/audit-log.table";
import { endpointsOf, type Endpoint } from "../plugins/registered-routes.test-support";
import { buildTestApp, memberCookie, sendJson, TEST_ORIGIN, type TestApp } from "../test/build-test-app";
import { users } from "./auth.table";

/**
 * REQUIRE_ADMIN_2FA=true: an admin without a second factor ("held") has no admin power anywhere, on the
 * admin routes and on the members routes that give admins more; the same admin with one has them all.
 */

/** Members routes where an admin gets more than a member: each is exercised below. */
const MEMBER_ROUTES_WITH_ADMIN_POWERS = [
  "GET /api/community/posts", // hidden posts
  "GET /api/community/posts/:id/replies", // hidden replies
  "PATCH /api/community/posts/:id", // others' posts, tier moves
  "DELETE /api/community/posts/:id", // others' posts
  "GET /api/me/data/export", // an admin's export names the members they acted on
  "POST /api/me/data/exports",
  "GET /api/me/data/exports/:id/download",
];

/** Files that may read a viewer's role themselves; anywhere else, an admin power would bypass the gate. */
const READS_VIEWER_ROLE = new Map([
  ["server/auth/guards.ts", "the gate itself"],
  ["server/cache/answer-cache.ts", "a cached answer's key"],
  ["server/features/settings/admin-two-factor.ts", "whether to offer two-factor setup"],
]);

let t: TestApp;
let held: { cookie: string; userId: string; email: string };
let admin: { cookie: string; userId: string; email: string };
let member: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  t = await buildTestApp({ REQUIRE_ADMIN_2FA: "true" });
  held = await memberCookie(t, "admin", "Held Admin");
  admin = await memberCookie(t, "admin", "Admin With Code");
  await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, admin.userId));
  t.viewers.forgetUser(admin.userId);
  member = await memberCookie(t, "inventor", "Posting Member");
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

function call(endpoint: Endpoint, cookie: string) {
  return t.app.inject({
    method: endpoint.method as "GET",
    url: endpoint.url,
    headers: { origin: TEST_ORIGIN, cookie },
    ...(endpoint.method !== "GET" && endpoint.method !== "DELETE" ? { payload: {} } : {}),
  });
}

function expectHeld(response: { statusCode: number; json(): { error: unknown } }, what: string) {
  expect(response.statusCode, what).toBe(403);
  expect(response.json().error, what).toEqual({ code: "TWO_FACTOR_REQUIRED", message: TWO_FACTOR_MESSAGES.required });
}

async function memberPost(content: string, accessLevel: "all" | "inventor" = "all") {
  const created = await sendJson(t.app, "POST", "/api/community/posts", { content }, member.cookie);
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  if (accessLevel !== "all") await t.database.db.update(communityPosts).set({ accessLevel }).where(eq(communityPosts.id, id));
  return id;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : sourceFiles(file);
    return entry.name.endsWith(".ts") && !/\.test(-support)?\.ts$/.test(entry.name) ? [file] : [];
  });
}

describe("every admin power behind one gate (REQUIRE_ADMIN_2FA=true)", () => {
  it("holds an admin without a second factor at every admin route of the route table", async () => {
    const adminEndpoints = endpointsOf(t.routes).filter((endpoint) => endpoint.pattern.startsWith("/api/admin/"));
    expect(adminEndpoints.length).toBeGreaterThan(25);
    for (const endpoint of adminEndpoints) expectHeld(await call(endpoint, held.cookie), `${endpoint.method} ${endpoint.pattern}`);
  });

  it("knows the members routes that give admins more, and finds each in the route table", () => {
    const registered = new Set(endpointsOf(t.routes).map((endpoint) => `${endpoint.method} ${endpoint.pattern}`));
    expect(MEMBER_ROUTES_WITH_ADMIN_POWERS.filter((route) => !registered.has(route))).toEqual([]);
  });

  it("reads a viewer's role only in the gate: no route or service decides admin powers on its own", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const offenders = sourceFiles(path.join(root, "server"))
      .map((file) => path.relative(root, file).split(path.sep).join("/"))
      .filter((file) => !READS_VIEWER_ROLE.has(file) && /\bviewer\??\.role\b/.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("lets a held admin edit and delete only their own posts, and never move a post to another tier", async () => {
    const theirs = await memberPost("A member's idea about hinges");
    const edited = await sendJson(t.app, "PATCH", `/api/community/posts/${theirs}`, { content: "Rewritten by an admin", accessLevel: "brand-ceo" }, held.cookie);
    expect(edited.statusCode).toBe(403);
    expect((await sendJson(t.app, "DELETE", `/api/community/posts/${theirs}`, undefined, held.cookie)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(communityPosts).where(eq(communityPosts.id, theirs));
    expect(row).toMatchObject({ content: "A member's idea about hinges", accessLevel: "all" });

    const own = (await sendJson(t.app, "POST", "/api/community/posts", { content: "My own post" }, held.cookie)).json().id as number;
    const moved = await sendJson(t.app, "PATCH", `/api/community/posts/${own}`, { content: "My own post, edited", accessLevel: "brand-ceo" }, held.cookie);
    expect(moved.statusCode).toBe(200);
    const [ownRow] = await t.database.db.select().from(communityPosts).where(eq(communityPosts.id, own));
    expect(ownRow).toMatchObject({ content: "My own post, edited", accessLevel: "all" });
  });

  it("shows a held admin neither hidden posts nor hidden replies", async () => {
    const hiddenPost = await memberPost(`Hidden by moderation ${Date.now()}`);
    await t.database.db.update(communityPosts).set({ hidden: true }).where(eq(communityPosts.id, hiddenPost));
    const shownPost = await memberPost("A shown post with a hidden reply");
    const reply = await sendJson(t.app, "POST", `/api/community/posts/${shownPost}/replies`, { content: "A reply moderation hid" }, member.cookie);
    expect(reply.statusCode).toBe(201);
    await t.database.db.update(communityReplies).set({ hidden: true }).where(eq(communityReplies.id, reply.json().id));

    const feedIds = async (cookie: string) => ((await get("/api/community/posts?limit=50", cookie)).json().posts as { id: number }[]).map((post) => post.id);
    const replyIds = async (cookie: string) => ((await get(`/api/community/posts/${shownPost}/replies`, cookie)).json().replies as { id: number }[]).map((item) => item.id);
    expect(await feedIds(held.cookie)).not.toContain(hiddenPost);
    expect(await replyIds(held.cookie)).not.toContain(reply.json().id);
    // The same powers once through the gate.
    expect(await feedIds(admin.cookie)).toContain(hiddenPost);
    expect(await replyIds(admin.cookie)).toContain(reply.json().id);
  });

  it("refuses a held admin's export, which names the members they acted on, with the gate's answer", async () => {
    await t.database.db.insert(adminAuditLog).values({ actorId: held.userId, actorEmail: held.email, targetId: member.userId, targetEmail: member.email, action: "change-tier" });
    expectHeld(await get("/api/me/data/export", held.cookie), "GET /api/me/data/export");
    expectHeld(await sendJson(t.app, "POST", "/api/me/data/exports", {}, held.cookie), "POST /api/me/data/exports");
    expectHeld(await get(`/api/me/data/exports/${crypto.randomUUID()}/download?expires=1&signature=x`, held.cookie), "GET /api/me/data/exports/:id/download");
    // Members, and admins through the gate, download theirs.
    expect((await get("/api/me/data/export", member.cookie)).statusCode).toBe(200);
    expect((await get("/api/me/data/export", admin.cookie)).statusCode).toBe(200);
  });

  it("gives the same admin every power once their second factor is on", async () => {
    const theirs = await memberPost("Moved by an admin with a code");
    const moved = await sendJson(t.app, "PATCH", `/api/community/posts/${theirs}`, { content: "Moved by an admin with a code", accessLevel: "inventor" }, admin.cookie);
    expect(moved.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(communityPosts).where(eq(communityPosts.id, theirs));
    expect(row?.accessLevel).toBe("inventor");
    expect((await get("/api/admin/settings", admin.cookie)).statusCode).toBe(200);
  });
});
