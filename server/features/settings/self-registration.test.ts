import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../common/contracts/auth";
import { DEFAULT_GENERAL_SETTINGS, SETTINGS_MESSAGES, type GeneralSettings } from "../../../common/contracts/settings";
import { users } from "../../auth/auth.table";
import { createConfirmedAccount } from "../../auth/confirmed-account";
import { outboxMessages } from "../../mail/outbox.table";
import { buildTestApp, memberCookie, postJson, sendJson, signIn, signUp, TEST_ORIGIN, uniqueEmail, type TestApp } from "../../test/build-test-app";
import { startOidcProvider, type TestOidcAccount, type TestOidcProvider } from "../../test/oidc-provider";

let provider: TestOidcProvider;
let t: TestApp;
let admin: string;
let sessionCookieName: string;

beforeAll(async () => {
  provider = await startOidcProvider({ appOrigin: TEST_ORIGIN });
  t = await buildTestApp({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret });
  admin = (await memberCookie(t, "admin")).cookie;
  sessionCookieName = (await t.auth.$context).authCookies.sessionToken.name;
});
afterEach(async () => {
  await useSettings({});
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

async function useSettings(change: Partial<GeneralSettings>) {
  const response = await sendJson(t.app, "PUT", "/api/admin/settings", { ...DEFAULT_GENERAL_SETTINGS, ...change }, admin);
  expect(response.statusCode).toBe(200);
}

const signUpRequest = (email: string) => postJson(t.app, "/api/auth/sign-up/email", { name: "Nora New", email, password: "secret1" });
const accountsWith = (email: string) => t.database.db.select().from(users).where(eq(users.email, email));
const mailsTo = (to: string) => t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));

function setsSession(response: LightMyRequestResponse): boolean {
  const header = response.headers["set-cookie"];
  const lines = Array.isArray(header) ? header : typeof header === "string" ? [header] : [];
  return lines.some((line) => line.startsWith(`${sessionCookieName}=`) && !line.startsWith(`${sessionCookieName}=;`));
}

function providerAccount(email: string): TestOidcAccount {
  return provider.addAccount({ sub: `sub-${randomBytes(6).toString("hex")}`, email, email_verified: true, name: "Ida Token" });
}

async function idTokenSignIn(account: TestOidcAccount) {
  const nonce = randomBytes(16).toString("base64url");
  const token = await provider.issueIdToken({ sub: account.sub, nonce });
  return postJson(t.app, "/api/auth/sign-in/social", { provider: "oidc", callbackURL: "/auth/callback", idToken: { token, nonce } });
}

describe("registration closed", () => {
  it("refuses email sign-up with the settings' message and creates no account", async () => {
    await useSettings({ allowRegistration: false });
    const email = uniqueEmail("closed");
    const response = await signUpRequest(email);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "REGISTRATION_CLOSED", message: SETTINGS_MESSAGES.registrationClosed });
    expect(setsSession(response)).toBe(false);
    expect(await accountsWith(email)).toHaveLength(0);

    await useSettings({ allowRegistration: true });
    expect((await signUpRequest(email)).statusCode).toBe(200);
  });

  it("refuses a first social sign-in (a new account) but still signs in existing members", async () => {
    const existing = uniqueEmail("existing");
    await signUp(t.app, { name: "Existing", email: existing, password: "secret1" });
    const socialMember = providerAccount(uniqueEmail("social"));
    expect((await idTokenSignIn(socialMember)).statusCode).toBe(200);
    await useSettings({ allowRegistration: false });

    const stranger = providerAccount(uniqueEmail("stranger"));
    const refused = await idTokenSignIn(stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "REGISTRATION_CLOSED", message: SETTINGS_MESSAGES.registrationClosed });
    expect(setsSession(refused)).toBe(false);
    expect(await accountsWith(stranger.email)).toHaveLength(0);

    expect(await signIn(t.app, existing, "secret1")).toContain(sessionCookieName);
    const returning = await idTokenSignIn(socialMember);
    expect(returning.statusCode).toBe(200);
    expect(setsSession(returning)).toBe(true);
  });

  it("lets the server create accounts (Add User, invitations) while closed", async () => {
    await useSettings({ allowRegistration: false, requireApproval: true, notificationEmail: "owner@guild.example" });
    const email = uniqueEmail("added");
    const id = await createConfirmedAccount(t.auth, { email, password: "secret1", name: "Added By Admin", membershipTier: "inventor" });
    expect(id).not.toBeNull();
    const [row] = await accountsWith(email);
    expect(row).toMatchObject({ isActive: true, membershipTier: "inventor", emailVerified: true });
    expect(await signIn(t.app, email, "secret1")).toContain(sessionCookieName);
  });
});

describe("approval required", () => {
  it("creates the account inactive, starts no session, says it awaits approval and tells the notification address", async () => {
    const notify = uniqueEmail("owner");
    await useSettings({ requireApproval: true, notificationEmail: notify, communityName: "Garage Guild" });
    const email = uniqueEmail("pending");

    const response = await signUpRequest(email);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: "awaiting-approval", message: SETTINGS_MESSAGES.awaitingApproval });
    expect(setsSession(response)).toBe(false);
    const [row] = await accountsWith(email);
    expect(row).toMatchObject({ isActive: false, role: "user", membershipTier: "free" });

    const mails = await mailsTo(notify);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Garage Guild: a new account awaits approval");
    expect(mails[0]?.text).toContain(email);
    expect(mails[0]?.text).toContain(`${TEST_ORIGIN}/admin/users`);

    const refused = await postJson(t.app, "/api/auth/sign-in/email", { email, password: "secret1" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "ACCOUNT_INACTIVE", message: SETTINGS_MESSAGES.notYetActivated });
    expect(setsSession(refused)).toBe(false);

    // An admin activates the account; from then on it signs in like any other.
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.email, email));
    const cookie = await signIn(t.app, email, "secret1");
    const me = await t.app.inject({ url: "/api/me", headers: { cookie } });
    expect(me.json().user).toMatchObject({ email, isActive: true });
  });

  it("still answers a taken email with the spec's message, and sends no notice without a notification address", async () => {
    const taken = uniqueEmail("taken");
    await signUp(t.app, { name: "First", email: taken, password: "secret1" });
    await useSettings({ requireApproval: true, notificationEmail: "" });
    const before = await t.database.db.select().from(outboxMessages);

    const duplicate = await signUpRequest(taken);
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().message).toBe(AUTH_MESSAGES.emailTaken);

    const email = uniqueEmail("quiet");
    expect((await signUpRequest(email)).statusCode).toBe(202);
    expect(await t.database.db.select().from(outboxMessages)).toHaveLength(before.length);
  });

  it("does not hold back accounts the server creates", async () => {
    const notify = uniqueEmail("owner");
    await useSettings({ requireApproval: true, notificationEmail: notify });
    const email = uniqueEmail("invited");
    await createConfirmedAccount(t.auth, { email, password: "secret1", name: "Invited", membershipTier: "entrepreneur" });
    const [row] = await accountsWith(email);
    expect(row?.isActive).toBe(true);
    expect(await mailsTo(notify)).toHaveLength(0);
    expect(await signIn(t.app, email, "secret1")).toContain(sessionCookieName);
  });

  it("leaves sign-up as it was once approval is no longer required", async () => {
    const email = uniqueEmail("open");
    const response = await signUpRequest(email);
    expect(response.statusCode).toBe(200);
    expect(setsSession(response)).toBe(true);
    expect((await accountsWith(email))[0]?.isActive).toBe(true);
  });
});
