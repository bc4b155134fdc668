import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AWAITING_APPROVAL, DEFAULT_GENERAL_SETTINGS, SETTINGS_MESSAGES } from "../../common/contracts/settings";
import { buildTestApp, memberCookie, postJson, sendJson, signUp, TEST_ORIGIN, uniqueEmail, type TestApp } from "../test/build-test-app";
import { CookieJar, startOidcProvider, type TestOidcProvider } from "../test/oidc-provider";
import { accounts, users } from "./auth.table";

const LABEL = "Acme SSO";
const CALLBACK = `${TEST_ORIGIN}/api/auth/callback/oidc`;

let provider: TestOidcProvider;
let t: TestApp;
let sessionCookie: string;

beforeAll(async () => {
  provider = await startOidcProvider({ appOrigin: TEST_ORIGIN });
  t = await buildTestApp({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_LABEL: LABEL,
  });
  sessionCookie = (await t.auth.$context).authCookies.sessionToken.name;
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** A provider account with a fresh subject and email. */
function providerAccount(overrides: { email?: string; email_verified?: boolean; name?: string; picture?: string } = {}) {
  return provider.addAccount({
    sub: `sub-${randomBytes(6).toString("hex")}`,
    email: overrides.email ?? uniqueEmail("sso"),
    email_verified: overrides.email_verified ?? true,
    name: overrides.name ?? "Ada Federated",
    ...(overrides.picture ? { picture: overrides.picture } : {}),
  });
}

/** Step 1 in the browser: the login modal's "Continue with SSO" button. */
async function startSocialSignIn(jar: CookieJar): Promise<string> {
  const response = await postJson(
    t.app,
    "/api/auth/sign-in/social",
    { provider: "oidc", callbackURL: "/auth/callback", errorCallbackURL: "/auth/callback" },
    { cookie: jar.header() },
  );
  expect(response.statusCode).toBe(200);
  const body = response.json() as { url: string; redirect: boolean };
  expect(body.redirect).toBe(true);
  jar.store(response.headers["set-cookie"]);
  return body.url;
}

/** The browser arriving back at the app (a URL on the app's origin), with the app's cookies. */
async function visitApp(url: URL, jar: CookieJar): Promise<LightMyRequestResponse> {
  expect(url.origin).toBe(TEST_ORIGIN);
  const response = await t.app.inject({ method: "GET", url: url.pathname + url.search, headers: { cookie: jar.header() } });
  jar.store(response.headers["set-cookie"]);
  return response;
}

/** The whole redirect flow: app -> provider (login as `sub`) -> app callback. */
async function signInThroughProvider(sub: string) {
  const jar = new CookieJar();
  const authorizeUrl = await startSocialSignIn(jar);
  const callbackUrl = await provider.authorize(authorizeUrl, sub);
  expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(CALLBACK);
  const jarBeforeCallback = jar.clone();
  const callback = await visitApp(callbackUrl, jar);
  return { jar, jarBeforeCallback, callbackUrl, callback };
}

function setsSession(response: LightMyRequestResponse): boolean {
  const header = response.headers["set-cookie"];
  const lines = Array.isArray(header) ? header : typeof header === "string" ? [header] : [];
  return lines.some((line) => line.startsWith(`${sessionCookie}=`) && !line.startsWith(`${sessionCookie}=;`));
}

/** The error a failed callback reports; every failure must return through the /auth/callback page. */
function redirectError(response: LightMyRequestResponse): string | null {
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location), TEST_ORIGIN);
  expect(location.pathname).toBe("/auth/callback");
  return location.searchParams.get("error");
}

async function me(jar: CookieJar) {
  const response = await t.app.inject({ url: "/api/me", headers: { cookie: jar.header() } });
  return (response.json() as { user: Record<string, unknown> | null }).user;
}

async function oidcAccountsOf(sub: string) {
  return t.database.db.select().from(accounts).where(and(eq(accounts.providerId, "oidc"), eq(accounts.accountId, sub)));
}

async function usersWithEmail(email: string) {
  return t.database.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
}

describe("social login configuration", () => {
  it("lists the OpenID provider with its label in the public config", async () => {
    const response = await t.app.inject({ url: "/api/config" });
    expect(response.statusCode).toBe(200);
    expect(response.json().socialProviders).toEqual([{ id: "oidc", label: LABEL }]);
  });

  it("lists no social provider when none is configured", async () => {
    const plain = await buildTestApp();
    try {
      const response = await plain.app.inject({ url: "/api/config" });
      expect(response.json().socialProviders).toEqual([]);
      const start = await postJson(plain.app, "/api/auth/sign-in/social", { provider: "oidc", callbackURL: "/auth/callback" });
      expect(start.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe("social login through the OpenID provider", () => {
  it("signs a new user with a verified email up as an active free member and returns to /auth/callback", async () => {
    const account = providerAccount();
    const { jar, callback } = await signInThroughProvider(account.sub);

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/auth/callback");
    expect(setsSession(callback)).toBe(true);
    const user = await me(jar);
    expect(user).toMatchObject({ email: account.email, name: account.name, role: "user", membershipTier: "free", isActive: true });
    expect(user?.lastLogin).toEqual(expect.any(String));
    expect(await oidcAccountsOf(account.sub)).toHaveLength(1);
  });

  it("signs the same provider account into the same user the second time", async () => {
    const account = providerAccount();
    const first = await signInThroughProvider(account.sub);
    const second = await signInThroughProvider(account.sub);

    expect(second.callback.headers.location).toBe("/auth/callback");
    const firstUser = await me(first.jar);
    const secondUser = await me(second.jar);
    expect(secondUser?.id).toEqual(firstUser?.id);
    expect(secondUser?.email).toBe(account.email);
    expect(await usersWithEmail(account.email)).toHaveLength(1);
    expect(await oidcAccountsOf(account.sub)).toHaveLength(1);
  });

  it("never signs in when the state on the callback was tampered with", async () => {
    const account = providerAccount();
    const jar = new CookieJar();
    const callbackUrl = await provider.authorize(await startSocialSignIn(jar), account.sub);
    const state = callbackUrl.searchParams.get("state") ?? "";
    callbackUrl.searchParams.set("state", `${state.slice(0, -4)}${state.endsWith("AAAA") ? "BBBB" : "AAAA"}`);

    const callback = await visitApp(callbackUrl, jar);
    expect(redirectError(callback)).toBeTruthy();
    expect(setsSession(callback)).toBe(false);
    expect(await me(jar)).toBeNull();
    expect(await oidcAccountsOf(account.sub)).toHaveLength(0);
  });

  it("never signs in a browser that did not start the flow (valid code and state, no state cookie)", async () => {
    const account = providerAccount();
    const attacker = new CookieJar();
    const callbackUrl = await provider.authorize(await startSocialSignIn(attacker), account.sub);

    const victim = new CookieJar();
    const callback = await visitApp(callbackUrl, victim);
    expect(redirectError(callback)).toBeTruthy();
    expect(setsSession(callback)).toBe(false);
    expect(await me(victim)).toBeNull();
  });

  it("never yields a session for a replayed authorization code", async () => {
    const account = providerAccount();
    const { callbackUrl, callback, jarBeforeCallback } = await signInThroughProvider(account.sub);
    expect(setsSession(callback)).toBe(true);

    // The same callback URL again, with the cookies the browser had before the first visit.
    const replay = await visitApp(callbackUrl, jarBeforeCallback);
    expect(redirectError(replay)).toBeTruthy();
    expect(setsSession(replay)).toBe(false);
    expect(await me(jarBeforeCallback)).toBeNull();

    // The spent code under a fresh, valid state of a new sign-in: the provider refuses the code.
    const fresh = new CookieJar();
    const freshState = new URL(await startSocialSignIn(fresh)).searchParams.get("state") ?? "";
    const withOldCode = new URL(callbackUrl);
    withOldCode.searchParams.set("state", freshState);
    const reused = await visitApp(withOldCode, fresh);
    expect(redirectError(reused)).toBeTruthy();
    expect(reused.headers.location).toMatch(/^\/auth\/callback\?/);
    expect(setsSession(reused)).toBe(false);
    expect(await me(fresh)).toBeNull();
  });

  it("never signs in or links when an unverified provider email equals an existing account's", async () => {
    const email = uniqueEmail("owner");
    await signUp(t.app, { name: "Owner", email, password: "secret1" });
    // The local account's email is verified, so only the provider's unverified claim can stop the link.
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const account = providerAccount({ email, email_verified: false });

    const { jar, callback } = await signInThroughProvider(account.sub);
    expect(redirectError(callback)).toBe("account_not_linked");
    expect(callback.headers.location).toMatch(/^\/auth\/callback\?/);
    expect(setsSession(callback)).toBe(false);
    expect(await me(jar)).toBeNull();

    const [owner] = await usersWithEmail(email);
    expect(await usersWithEmail(email)).toHaveLength(1);
    const owned = await t.database.db.select().from(accounts).where(eq(accounts.userId, owner?.id ?? ""));
    expect(owned.map((row) => row.providerId)).toEqual(["credential"]);
    expect(await oidcAccountsOf(account.sub)).toHaveLength(0);
  });

  it("never takes over an existing password account whose own email is unverified, even with a verified provider email", async () => {
    const email = uniqueEmail("squatted");
    await signUp(t.app, { name: "Owner", email, password: "secret1" });
    const account = providerAccount({ email: email.toUpperCase(), email_verified: true });

    const { jar, callback } = await signInThroughProvider(account.sub);
    expect(redirectError(callback)).toBe("account_not_linked");
    expect(setsSession(callback)).toBe(false);
    expect(await me(jar)).toBeNull();
    expect(await oidcAccountsOf(account.sub)).toHaveLength(0);
  });

  it("gives a deactivated member no session", async () => {
    const account = providerAccount();
    const first = await signInThroughProvider(account.sub);
    expect(setsSession(first.callback)).toBe(true);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, account.email));

    const { jar, callback } = await signInThroughProvider(account.sub);
    expect(redirectError(callback)).toBe("ACCOUNT_INACTIVE");
    expect(callback.headers.location).toMatch(/^\/auth\/callback\?/);
    expect(setsSession(callback)).toBe(false);
    expect(await me(jar)).toBeNull();
  });
});

describe("a provider's profile at sign-up", () => {
  it("gets the profile form's rules: a script picture is dropped and a 10,000-character name is cut to 120", async () => {
    const hostile = providerAccount({ name: `Eve ${"x".repeat(10_000)}`, picture: "javascript:alert(1)" });
    const { jar } = await signInThroughProvider(hostile.sub);
    const user = await me(jar);
    expect(user).toMatchObject({ email: hostile.email, profilePicture: null });
    expect(String(user?.name)).toHaveLength(120);

    const friendly = providerAccount({ picture: "https://images.example.com/ada.png" });
    expect(await me((await signInThroughProvider(friendly.sub)).jar)).toMatchObject({ name: "Ada Federated", profilePicture: "https://images.example.com/ada.png" });
  });
});

describe("social sign-up while registration needs approval", () => {
  it("returns to /auth/callback saying the account awaits approval, with no session, and the second try says it is not yet active", async () => {
    const admin = await memberCookie(t, "admin");
    const settings = (change: object) => sendJson(t.app, "PUT", "/api/admin/settings", { ...DEFAULT_GENERAL_SETTINGS, ...change }, admin.cookie);
    expect((await settings({ requireApproval: true })).statusCode).toBe(200);
    try {
      const account = providerAccount();
      const { jar, callback } = await signInThroughProvider(account.sub);
      expect(redirectError(callback)).toBe(AWAITING_APPROVAL);
      expect(new URL(String(callback.headers.location), TEST_ORIGIN).searchParams.get("error_description")).toBe(SETTINGS_MESSAGES.awaitingApproval);
      expect(setsSession(callback)).toBe(false);
      expect(await me(jar)).toBeNull();
      expect(await usersWithEmail(account.email)).toMatchObject([{ isActive: false, lastLogin: null }]);

      const again = await signInThroughProvider(account.sub);
      expect(redirectError(again.callback)).toBe("ACCOUNT_INACTIVE");
    } finally {
      await settings({});
    }
  });
});
