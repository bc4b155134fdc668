import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS, TWO_FACTOR_MESSAGES } from "../../common/contracts/settings";
import { secretOf, totpCode } from "../features/settings/totp.test-support";
import { buildTestApp, cookiesFrom, memberCookie, postJson, sendJson, type TestApp } from "../test/build-test-app";
import { twoFactors, users } from "./auth.table";

let t: TestApp;
let sessionCookieName: string;
beforeAll(async () => {
  t = await buildTestApp();
  sessionCookieName = (await t.auth.$context).authCookies.sessionToken.name;
});
afterAll(() => t.close());

/** The code an authenticator app shows for this otpauth:// URI, `offsetSteps` periods away from now. */
const totp = (uri: string, offsetSteps = 0) => totpCode(secretOf(uri), offsetSteps);

function setsSession(response: LightMyRequestResponse): boolean {
  const header = response.headers["set-cookie"];
  const lines = Array.isArray(header) ? header : typeof header === "string" ? [header] : [];
  return lines.some((line) => line.startsWith(`${sessionCookieName}=`) && !line.startsWith(`${sessionCookieName}=;`));
}

const me = async (cookie: string) => (await t.app.inject({ url: "/api/me", headers: { cookie } })).json().user;

/** An admin who has turned two-factor on: password → otpauth URI and recovery codes → a code confirms it. */
async function adminWithTwoFactor() {
  const admin = await memberCookie(t, "admin");
  const enabled = await postJson(t.app, "/api/auth/two-factor/enable", { password: "secret1" }, { cookie: admin.cookie });
  expect(enabled.statusCode).toBe(200);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const confirmed = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totp(totpURI) }, { cookie: admin.cookie });
  expect(confirmed.statusCode).toBe(200);
  return { ...admin, cookie: cookiesFrom(confirmed), totpURI, backupCodes };
}

/** Password step of sign-in: for a two-factor account, no session, only the challenge cookie. */
async function passwordStep(email: string) {
  const response = await postJson(t.app, "/api/auth/sign-in/email", { email, password: "secret1" });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
  expect(setsSession(response)).toBe(false);
  return cookiesFrom(response);
}

describe("two-factor sign-in for admins", () => {
  it("gives an otpauth URI under the community name and recovery codes, and turns on only once a code confirms it", async () => {
    const admin = await memberCookie(t, "admin");
    await sendJson(t.app, "PUT", "/api/admin/settings", { ...DEFAULT_GENERAL_SETTINGS, communityName: "Garage Guild" }, admin.cookie);

    const enabled = await postJson(t.app, "/api/auth/two-factor/enable", { password: "secret1", issuer: "Evil Corp" }, { cookie: admin.cookie });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("Garage Guild");
    expect(decodeURIComponent(uri.pathname)).toContain(admin.email);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);

    // Not yet confirmed: the password alone still signs in.
    const plain = await postJson(t.app, "/api/auth/sign-in/email", { email: admin.email, password: "secret1" });
    expect(setsSession(plain)).toBe(true);

    const wrong = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totp(totpURI, 10) }, { cookie: admin.cookie });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    const confirmed = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totp(totpURI) }, { cookie: admin.cookie });
    expect(confirmed.statusCode).toBe(200);
    // Turning it on replaces the session: the old cookie is dead at once, the new one works.
    expect(await me(admin.cookie)).toBeNull();
    expect(await me(cookiesFrom(confirmed))).toMatchObject({ email: admin.email });
    const [row] = await t.database.db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, admin.userId));
    expect(row?.enabled).toBe(true);

    await passwordStep(admin.email);
    await sendJson(t.app, "PUT", "/api/admin/settings", DEFAULT_GENERAL_SETTINGS, cookiesFrom(confirmed));
  });

  it("asks for the code after the password, refuses a wrong one and signs in with the right one", async () => {
    const admin = await adminWithTwoFactor();
    const challenge = await passwordStep(admin.email);
    expect(await me(challenge)).toBeNull();

    const wrong = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totp(admin.totpURI, 10) }, { cookie: challenge });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect(setsSession(wrong)).toBe(false);

    const right = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totp(admin.totpURI) }, { cookie: challenge });
    expect(right.statusCode).toBe(200);
    expect(setsSession(right)).toBe(true);
    expect(await me(cookiesFrom(right))).toMatchObject({ email: admin.email, role: "admin" });
  });

  it("stamps last_login only once the code completes the sign-in, not at the password step", async () => {
    const admin = await adminWithTwoFactor();
    const lastLogin = async () => (await t.database.db.select({ at: users.lastLogin }).from(users).where(eq(users.id, admin.userId)))[0]?.at?.getTime() ?? 0;
    const before = await lastLogin();
    await new Promise((resolve) => setTimeout(resolve, 20));

    const challenge = await passwordStep(admin.email);
    expect(await lastLogin()).toBe(before);
    const wrong = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totp(admin.totpURI, 10) }, { cookie: challenge });
    expect(wrong.statusCode).toBe(401);
    expect(await lastLogin()).toBe(before);

    const right = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totp(admin.totpURI) }, { cookie: challenge });
    expect(right.statusCode).toBe(200);
    expect(await lastLogin()).toBeGreaterThan(before);
  });

  it("offers no 'trust this device': a sign-in that asked for it still needs the code next time", async () => {
    const admin = await adminWithTwoFactor();
    const trusted = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totp(admin.totpURI), trustDevice: true }, { cookie: await passwordStep(admin.email) });
    expect(trusted.statusCode).toBe(200);
    expect(String(trusted.headers["set-cookie"])).not.toMatch(/trust_device=[^;]/);
    const next = await postJson(t.app, "/api/auth/sign-in/email", { email: admin.email, password: "secret1" }, { cookie: cookiesFrom(trusted) });
    expect(next.json()).toMatchObject({ twoFactorRedirect: true });
    expect(setsSession(next)).toBe(false);
  });

  it("refuses codes without the password step, and an empty code with the form's message", async () => {
    const admin = await adminWithTwoFactor();
    const stray = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totp(admin.totpURI) });
    expect(stray.statusCode).toBe(401);
    expect(setsSession(stray)).toBe(false);

    const challenge = await passwordStep(admin.email);
    const empty = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: "  " }, { cookie: challenge });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(TWO_FACTOR_MESSAGES.codeRequired);
  });

  it("ends the challenge after five wrong codes", async () => {
    const admin = await adminWithTwoFactor();
    const challenge = await passwordStep(admin.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totp(admin.totpURI, 20 + attempt) }, { cookie: challenge });
      expect(wrong.statusCode).toBe(401);
    }
    const late = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totp(admin.totpURI) }, { cookie: challenge });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect(setsSession(late)).toBe(false);
  });

  it("accepts each recovery code once", async () => {
    const admin = await adminWithTwoFactor();
    const [first, second] = admin.backupCodes;

    const used = await postJson(t.app, "/api/auth/two-factor/verify-backup-code", { code: first }, { cookie: await passwordStep(admin.email) });
    expect(used.statusCode).toBe(200);
    expect(await me(cookiesFrom(used))).toMatchObject({ email: admin.email });

    const reused = await postJson(t.app, "/api/auth/two-factor/verify-backup-code", { code: first }, { cookie: await passwordStep(admin.email) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(TWO_FACTOR_MESSAGES.invalidRecoveryCode);
    expect(setsSession(reused)).toBe(false);

    const next = await postJson(t.app, "/api/auth/two-factor/verify-backup-code", { code: second }, { cookie: await passwordStep(admin.email) });
    expect(next.statusCode).toBe(200);
  });

  it("turns off with the password, after which the password alone signs in again", async () => {
    const admin = await adminWithTwoFactor();
    const wrong = await postJson(t.app, "/api/auth/two-factor/disable", { password: "not-it" }, { cookie: admin.cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.invalidPassword);

    const disabled = await postJson(t.app, "/api/auth/two-factor/disable", { password: "secret1" }, { cookie: admin.cookie });
    expect(disabled.statusCode).toBe(200);
    const plain = await postJson(t.app, "/api/auth/sign-in/email", { email: admin.email, password: "secret1" });
    expect(setsSession(plain)).toBe(true);
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, admin.userId))).toHaveLength(0);
  });

  it("refuses members and anonymous visitors, and a wrong password", async () => {
    const member = await memberCookie(t, "brand-ceo");
    const refused = await postJson(t.app, "/api/auth/two-factor/enable", { password: "secret1" }, { cookie: member.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "TWO_FACTOR_ADMINS_ONLY", message: TWO_FACTOR_MESSAGES.adminsOnly });
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, member.userId))).toHaveLength(0);

    expect((await postJson(t.app, "/api/auth/two-factor/enable", { password: "secret1" })).statusCode).toBe(401);

    const admin = await memberCookie(t, "admin");
    const wrongPassword = await postJson(t.app, "/api/auth/two-factor/enable", { password: "not-it" }, { cookie: admin.cookie });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe(TWO_FACTOR_MESSAGES.invalidPassword);
  });
});
