import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, cookiesFrom, postJson, signIn, signUp, TEST_ORIGIN, TEST_SECRET, uniqueEmail, type TestApp } from "../test/build-test-app";
import { sessions, users } from "./auth.table";
import { VIEWER_CACHE_MS } from "./viewer";
import { seedDemoContent } from "../features/content/seed-demo";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const dashboard = (cookie: string) => t.app.inject({ url: "/api/members/dashboard", headers: { cookie } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("sign-in", () => {
  it("refuses a wrong password with the provider's message and no cookie", async () => {
    const email = uniqueEmail();
    await signUp(t.app, { name: "Wrong", email, password: "secret1" });
    const response = await postJson(t.app, "/api/auth/sign-in/email", { email, password: "not-it" });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe("Invalid email or password");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("issues a new session token at every sign-in and stamps last_login", async () => {
    const email = uniqueEmail();
    await signUp(t.app, { name: "Twice", email, password: "secret1" });
    const first = await signIn(t.app, email, "secret1");
    const [before] = await t.database.db.select({ lastLogin: users.lastLogin }).from(users).where(eq(users.email, email));
    await sleep(20);
    const second = await signIn(t.app, email, "secret1");
    const [after] = await t.database.db.select({ lastLogin: users.lastLogin }).from(users).where(eq(users.email, email));
    expect(first).not.toBe(second);
    expect(after?.lastLogin?.getTime()).toBeGreaterThan(before?.lastLogin?.getTime() ?? 0);
  });

  it("refuses a deactivated account and stops its open sessions within the viewer cache time", async () => {
    const email = uniqueEmail();
    const cookie = await signUp(t.app, { name: "Gone", email, password: "secret1" });
    expect((await dashboard(cookie)).statusCode).toBe(200);

    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, email));
    await sleep(VIEWER_CACHE_MS + 50);
    const open = await dashboard(cookie);
    expect(open.statusCode).toBe(403);
    expect(open.json().error.code).toBe("ACCOUNT_INACTIVE");

    const again = await postJson(t.app, "/api/auth/sign-in/email", { email, password: "secret1" });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe("This account has been deactivated. Please contact support.");
    expect(String(again.headers["set-cookie"] ?? "")).not.toMatch(/session_token=[^;]+\./);
  });

  it("ends the session at sign-out", async () => {
    const cookie = await signUp(t.app, { name: "Bye", email: uniqueEmail(), password: "secret1" });
    const out = await postJson(t.app, "/api/auth/sign-out", {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect((await dashboard(cookie)).statusCode).toBe(401);
  });

  it("treats a session cookie with a forged signature as anonymous, also after the genuine cookie was seen", async () => {
    const cookie = await signUp(t.app, { name: "Forge", email: uniqueEmail(), password: "secret1" });
    expect((await dashboard(cookie)).statusCode).toBe(200);
    const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0];
    const forged = `better-auth.session_token=${encodeURIComponent(`${token}.${Buffer.alloc(32).toString("base64")}`)}`;
    expect((await dashboard(forged)).statusCode).toBe(401);
    expect((await dashboard(forged)).statusCode).toBe(401);
    expect((await dashboard(`better-auth.session_token=${encodeURIComponent(token ?? "")}`)).statusCode).toBe(401);
    expect((await dashboard(cookie)).statusCode).toBe(200);
    expect(TEST_SECRET.length).toBeGreaterThan(32);
  });
});

describe("the members and admin API", () => {
  it("answers 401 to anonymous callers and 403 to members on admin endpoints", async () => {
    expect((await t.app.inject({ url: "/api/members/dashboard" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/admin/outbox" })).statusCode).toBe(401);
    const cookie = await signUp(t.app, { name: "Member", email: uniqueEmail(), password: "secret1" });
    const forbidden = await t.app.inject({ url: "/api/admin/outbox", headers: { cookie } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe("FORBIDDEN");
  });

  it("shows each tier only the dashboard events it may see", async () => {
    await seedDemoContent(t.database.db, t.files);
    const email = uniqueEmail();
    const cookie = await signUp(t.app, { name: "Tiered", email, password: "secret1" });
    const titles = async () => (await dashboard(cookie)).json().events.map((event: { title: string }) => event.title);
    expect(await titles()).toEqual(["Monthly Mastermind Session"]);
    await t.database.db.update(users).set({ membershipTier: "entrepreneur" }).where(eq(users.email, email));
    t.viewers.forgetUser((await t.app.inject({ url: "/api/me", headers: { cookie } })).json().user.id);
    expect(await titles()).toEqual(["Monthly Mastermind Session", "Market Testing Workshop"]);
    await t.database.db.update(users).set({ membershipTier: "brand-ceo" }).where(eq(users.email, email));
    await sleep(VIEWER_CACHE_MS + 50);
    expect(await titles()).toEqual(["Monthly Mastermind Session", "Market Testing Workshop", "VIP CEO Retreat"]);
  });

  it("refuses cross-origin and origin-less writes that carry a session cookie", async () => {
    const cookie = await signUp(t.app, { name: "Csrf", email: uniqueEmail(), password: "secret1" });
    const patch = (headers: Record<string, string>) =>
      t.app.inject({ method: "PATCH", url: "/api/me/profile", headers: { cookie, ...headers }, payload: { name: "Hacked" } });
    expect((await patch({ origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await patch({})).statusCode).toBe(403);
    const textPlain = await t.app.inject({
      method: "PATCH",
      url: "/api/me/profile",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": "text/plain" },
      payload: JSON.stringify({ name: "Hacked" }),
    });
    expect(textPlain.statusCode).toBe(415);
    const signOut = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie, origin: "https://evil.example" } });
    expect(signOut.statusCode).toBe(403);
    const me = (await t.app.inject({ url: "/api/me", headers: { cookie } })).json();
    expect(me.user.name).toBe("Csrf");
  });

  it("answers oversized and deeply nested JSON with 413 or 400, never a crash", async () => {
    const cookie = await signUp(t.app, { name: "Big", email: uniqueEmail(), password: "secret1" });
    const big = await t.app.inject({
      method: "PATCH",
      url: "/api/me/profile",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    const nested = await t.app.inject({
      method: "PATCH",
      url: "/api/me/profile",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    });
    expect(nested.statusCode).toBe(400);
    const hugeAuth = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.co", password: "x".repeat(100_000) }),
    });
    expect(hugeAuth.statusCode).toBe(413);
  });
});

describe("profile", () => {
  it("updates name and picture, refusing a picture that is not an http URL and callers without a session", async () => {
    const cookie = await signUp(t.app, { name: "Pic", email: uniqueEmail(), password: "secret1" });
    const patch = (payload: object, withCookie = true) =>
      t.app.inject({ method: "PATCH", url: "/api/me/profile", headers: { origin: TEST_ORIGIN, ...(withCookie ? { cookie } : {}) }, payload });
    const bad = await patch({ name: "Pic", profilePicture: "javascript:alert(1)" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Please enter a valid URL for the profile picture");
    const blank = await patch({ name: " " });
    expect(blank.json().error.message).toBe("Name is required");
    const anonymous = await patch({ name: "Nobody" }, false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe("You must be logged in to update your profile");
    const good = await patch({ name: "Pic Two", profilePicture: "https://images.example.com/me.png" });
    expect(good.json().user).toMatchObject({ name: "Pic Two", profilePicture: "https://images.example.com/me.png" });
    const me = (await t.app.inject({ url: "/api/me", headers: { cookie } })).json();
    expect(me.user.name).toBe("Pic Two");
    expect(cookiesFrom(good)).toBe("");
  });
});

describe("concurrent requests", () => {
  it("resolves each of many simultaneous requests to its own member", async () => {
    const members = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const email = uniqueEmail("parallel");
        return { email, cookie: await signUp(t.app, { name: "Parallel", email, password: "secret1" }) };
      }),
    );
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(members.map(({ cookie }) => t.app.inject({ url: "/api/me", headers: { cookie } })));
      expect(answers.map((answer) => answer.json().user?.email)).toEqual(members.map(({ email }) => email));
      for (const { email } of members) t.viewers.forgetUser((await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? "");
    }
  });
});

describe("redirect targets", () => {
  it.each(["https://evil.example/steal", "//evil.example/steal", "javascript:alert(1)"])("refuses %s as a callback or reset target", async (target) => {
    const social = await postJson(t.app, "/api/auth/sign-in/email", { email: uniqueEmail(), password: "secret1", callbackURL: target });
    expect(social.statusCode).toBe(403);
    const reset = await postJson(t.app, "/api/auth/request-password-reset", { email: uniqueEmail(), redirectTo: target });
    expect(reset.statusCode).toBe(403);
  });

  it("refuses better-auth writes that carry a cookie but no Origin", async () => {
    const cookie = await signUp(t.app, { name: "NoOrigin", email: uniqueEmail(), password: "secret1" });
    const response = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie }, payload: {} });
    expect(response.statusCode).toBe(403);
    expect((await dashboard(cookie)).statusCode).toBe(200);
  });
});

describe("rolling sessions", () => {
  it("pushes a day-old session's expiry out and sends a fresh cookie from /api/me", async () => {
    const email = uniqueEmail();
    const cookie = await signUp(t.app, { name: "Roller", email, password: "secret1" });
    const user = (await t.app.inject({ url: "/api/me", headers: { cookie } })).json().user;
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    const soon = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await t.database.db.update(sessions).set({ updatedAt: dayAgo, expiresAt: soon }).where(eq(sessions.userId, user.id));
    t.viewers.forgetUser(user.id);
    const refreshed = await t.app.inject({ url: "/api/me", headers: { cookie } });
    expect(refreshed.json().user.email).toBe(email);
    expect(String(refreshed.headers["set-cookie"])).toMatch(/session_token=.*Max-Age=2592000/);
    const [row] = await t.database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });
});
