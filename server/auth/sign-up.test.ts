import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../common/contracts/auth";
import { buildTestApp, cookiesFrom, postJson, signUp, TEST_ORIGIN, uniqueEmail, type TestApp } from "../test/build-test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const me = async (cookie: string) => (await t.app.inject({ url: "/api/me", headers: { cookie } })).json();

describe("sign-up", () => {
  it("creates a free, active user account and signs it in", async () => {
    const email = uniqueEmail();
    const cookie = await signUp(t.app, { name: "Grace Inventor", email, password: "secret1" });
    const { user } = await me(cookie);
    expect(user).toMatchObject({ email, name: "Grace Inventor", role: "user", membershipTier: "free", isActive: true });
    expect(user.lastLogin).not.toBeNull();
  });

  it("answers 'An account with this email already exists' for a taken email, whatever its case", async () => {
    const email = uniqueEmail();
    await signUp(t.app, { name: "First", email, password: "secret1" });
    const response = await postJson(t.app, "/api/auth/sign-up/email", { name: "Second", email: email.toUpperCase(), password: "secret1" });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(AUTH_MESSAGES.emailTaken);
  });

  it.each([
    [{ email: "a@b.co", password: "secret1" }, AUTH_MESSAGES.nameRequired],
    [{ name: "  ", email: "a@b.co", password: "secret1" }, AUTH_MESSAGES.nameRequired],
    [{ name: "A", password: "secret1" }, AUTH_MESSAGES.emailRequired],
    [{ name: "A", email: "", password: "secret1" }, AUTH_MESSAGES.emailRequired],
    [{ name: "A", email: "not-an-email", password: "secret1" }, AUTH_MESSAGES.emailInvalid],
    [{ name: "A", email: "a@b.co" }, AUTH_MESSAGES.passwordRequired],
    [{ name: "A", email: "a@b.co", password: "" }, AUTH_MESSAGES.passwordRequired],
    [{ name: "A", email: "a@b.co", password: "12345" }, AUTH_MESSAGES.passwordTooShort],
  ])("refuses %j with the spec's message", async (body, message) => {
    const response = await postJson(t.app, "/api/auth/sign-up/email", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("accepts a 128-character password whole and refuses a 10,000-character one before hashing", async () => {
    const email = uniqueEmail();
    const long = "p".repeat(127) + "!";
    await signUp(t.app, { name: "Long", email, password: long });
    const signIn = await postJson(t.app, "/api/auth/sign-in/email", { email, password: long });
    expect(signIn.statusCode).toBe(200);
    const truncated = await postJson(t.app, "/api/auth/sign-in/email", { email, password: long.slice(0, 127) });
    expect(truncated.statusCode).toBe(401);

    const started = performance.now();
    const huge = await postJson(t.app, "/api/auth/sign-up/email", { name: "Huge", email: uniqueEmail(), password: "x".repeat(10_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(AUTH_MESSAGES.passwordTooLong);
    const hugeSignIn = await postJson(t.app, "/api/auth/sign-in/email", { email, password: "x".repeat(10_000) });
    expect([400, 401]).toContain(hugeSignIn.statusCode);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("ignores role, tier and status sent by the user at sign-up", async () => {
    const email = uniqueEmail();
    const response = await postJson(t.app, "/api/auth/sign-up/email", {
      name: "Mallory",
      email,
      password: "secret1",
      role: "admin",
      membershipTier: "brand-ceo",
      isActive: true,
    });
    expect(response.statusCode).toBe(200);
    const { user } = await me(cookiesFrom(response));
    expect(user).toMatchObject({ email, role: "user", membershipTier: "free", isActive: true });
  });

  it("refuses a member raising their own role or tier through any auth or profile endpoint", async () => {
    const email = uniqueEmail();
    const cookie = await signUp(t.app, { name: "Eve", email, password: "secret1" });
    // The library's own user update is switched off (auth-endpoints.ts).
    const viaAuth = await postJson(t.app, "/api/auth/update-user", { name: "Eve", role: "admin", membershipTier: "brand-ceo" }, { cookie });
    expect(viaAuth.statusCode).toBe(404);
    const viaProfile = await t.app.inject({
      method: "PATCH",
      url: "/api/me/profile",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { name: "Eve", role: "admin", membershipTier: "brand-ceo", isActive: false },
    });
    expect(viaProfile.statusCode).toBe(200);
    const { user } = await me(cookie);
    expect(user).toMatchObject({ role: "user", membershipTier: "free", isActive: true });
    const admin = await t.app.inject({ url: "/api/admin/outbox", headers: { cookie } });
    expect(admin.statusCode).toBe(403);
  });

  it("sets an HttpOnly, SameSite=Lax session cookie without Secure over plain http", async () => {
    const response = await postJson(t.app, "/api/auth/sign-up/email", { name: "C", email: uniqueEmail(), password: "secret1" });
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/better-auth\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });
});

describe("sign-up behind HTTPS", () => {
  it("marks the session cookie Secure", async () => {
    const secure = await buildTestApp({ PUBLIC_URL: "https://community.example.com" });
    try {
      const response = await secure.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { origin: "https://community.example.com" },
        payload: { name: "S", email: uniqueEmail(), password: "secret1" },
      });
      expect(response.statusCode).toBe(200);
      const cookie = String(response.headers["set-cookie"]);
      expect(cookie).toMatch(/__Secure-better-auth\.session_token=.*Secure/);
    } finally {
      await secure.close();
    }
  });
});
