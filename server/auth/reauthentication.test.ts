import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../common/contracts/auth";
import { loadEnv } from "../env";
import { buildTestApp, cookiesFrom, memberCookie, postJson, signIn, signUp, uniqueEmail, type TestApp } from "../test/build-test-app";

const me = async (t: TestApp, cookie: string) => (await t.app.inject({ url: "/api/me", headers: { cookie } })).json().user;

describe("re-authentication limits (default limits)", () => {
  let t: TestApp;
  beforeAll(async () => {
    const defaults = loadEnv({ DATA_DIR: "/tmp/unused" });
    t = await buildTestApp({ AUTH_RATE_LIMIT_IP: String(defaults.AUTH_RATE_LIMIT_IP), AUTH_RATE_LIMIT_ACCOUNT: String(defaults.AUTH_RATE_LIMIT_ACCOUNT) });
  });
  afterAll(() => t.close());

  it("answers 429 long before 25 wrong current passwords, so a stolen session cannot guess the password", async () => {
    const email = uniqueEmail("victim");
    const cookie = await signUp(t.app, { name: "Victim", email, password: "secret1" });
    const statuses: number[] = [];
    for (let guess = 0; guess < 25; guess += 1) {
      const response = await postJson(t.app, "/api/auth/change-password", { currentPassword: `guess-${guess}`, newPassword: "stolen-pass" }, { cookie });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 8).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(8).every((status) => status === 429)).toBe(true);
    // The right password, now, is refused too: the limit is not a hint about which guess was right.
    expect((await postJson(t.app, "/api/auth/change-password", { currentPassword: "secret1", newPassword: "stolen-pass" }, { cookie })).statusCode).toBe(429);
    expect((await postJson(t.app, "/api/auth/sign-in/email", { email, password: "stolen-pass" })).statusCode).toBe(401);
  });

  it("limits password confirmations for turning a second factor on", async () => {
    const admin = await memberCookie(t, "admin");
    const statuses: number[] = [];
    for (let guess = 0; guess < 10; guess += 1) {
      statuses.push((await postJson(t.app, "/api/auth/two-factor/enable", { password: `guess-${guess}` }, { cookie: admin.cookie })).statusCode);
    }
    expect(statuses.slice(0, 8).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });
});

describe("changing the password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("ends every other session of the account at once and keeps the one that changed it", async () => {
    const email = uniqueEmail("two-browsers");
    const laptop = await signUp(t.app, { name: "Two Browsers", email, password: "secret1" });
    const phone = await signIn(t.app, email, "secret1");
    expect(await me(t, phone)).toMatchObject({ email });

    const changed = await postJson(t.app, "/api/auth/change-password", { currentPassword: "secret1", newPassword: "new-secret-2", revokeOtherSessions: false }, { cookie: laptop });
    expect(changed.statusCode).toBe(200);
    // No wait for the viewer cache: the other browser is signed out on its very next request.
    expect(await me(t, phone)).toBeNull();
    expect(await me(t, cookiesFrom(changed))).toMatchObject({ email });

    expect((await postJson(t.app, "/api/auth/sign-in/email", { email, password: "secret1" })).statusCode).toBe(401);
    expect((await postJson(t.app, "/api/auth/sign-in/email", { email, password: "new-secret-2" })).statusCode).toBe(200);
  });

  it("refuses a new password the spec does not allow, and a wrong current one, changing nothing", async () => {
    const email = uniqueEmail("rules");
    const cookie = await signUp(t.app, { name: "Rules", email, password: "secret1" });
    const short = await postJson(t.app, "/api/auth/change-password", { currentPassword: "secret1", newPassword: "12345" }, { cookie });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(AUTH_MESSAGES.passwordTooShort);
    const long = await postJson(t.app, "/api/auth/change-password", { currentPassword: "secret1", newPassword: "x".repeat(10_000) }, { cookie });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(AUTH_MESSAGES.passwordTooLong);
    const wrong = await postJson(t.app, "/api/auth/change-password", { currentPassword: "not-it", newPassword: "another-1" }, { cookie });
    expect(wrong.statusCode).toBe(400);
    expect(await me(t, cookie)).toMatchObject({ email });
    expect((await postJson(t.app, "/api/auth/sign-in/email", { email, password: "secret1" })).statusCode).toBe(200);
  });

  it("signs out of every other device at once with one request, without a password", async () => {
    const email = uniqueEmail("devices");
    const kept = await signUp(t.app, { name: "Devices", email, password: "secret1" });
    const others = [await signIn(t.app, email, "secret1"), await signIn(t.app, email, "secret1")];
    for (const other of others) expect(await me(t, other)).toMatchObject({ email });

    const response = await postJson(t.app, "/api/auth/revoke-other-sessions", {}, { cookie: kept });
    expect(response.statusCode).toBe(200);
    for (const other of others) expect(await me(t, other)).toBeNull();
    expect(await me(t, kept)).toMatchObject({ email });
  });
});
