import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../common/contracts/auth";
import { DEFAULT_GENERAL_SETTINGS, SETTINGS_MESSAGES } from "../../common/contracts/settings";
import { buildTestApp, memberCookie, postJson, sendJson, uniqueEmail, type TestApp } from "../test/build-test-app";
import { users } from "./auth.table";
import { createConfirmedAccount } from "./confirmed-account";

/*
 * An inactive account is either a sign-up waiting for an admin's approval or an account an admin
 * deactivated; the two are told apart on both sign-in paths: the server's own plain password sign-in
 * and better-auth's endpoint (any extra field, here rememberMe, takes a sign-in there).
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
  const settings = await sendJson(t.app, "PUT", "/api/admin/settings", { ...DEFAULT_GENERAL_SETTINGS, requireApproval: true }, admin);
  expect(settings.statusCode).toBe(200);
});
afterAll(() => t.close());

const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? "";
const setActive = (id: string, isActive: boolean) => sendJson(t.app, "PATCH", `/api/admin/users/${id}`, { isActive }, admin);

/** The refusal's message on both sign-in paths; they must agree. */
async function refusalMessage(email: string): Promise<string> {
  const plain = await postJson(t.app, "/api/auth/sign-in/email", { email, password: "secret1" });
  const library = await postJson(t.app, "/api/auth/sign-in/email", { email, password: "secret1", rememberMe: true });
  expect([plain.statusCode, library.statusCode]).toEqual([403, 403]);
  expect(plain.json()).toEqual(library.json());
  expect(plain.json().code).toBe("ACCOUNT_INACTIVE");
  return plain.json().message;
}

describe("inactive accounts while sign-up approval is required", () => {
  it("a sign-up waits for activation until an admin decides; once deactivated, it is told it was deactivated", async () => {
    const email = uniqueEmail("waiting");
    expect((await postJson(t.app, "/api/auth/sign-up/email", { name: "Wendy Waiting", email, password: "secret1" })).statusCode).toBe(202);
    expect(await refusalMessage(email)).toBe(SETTINGS_MESSAGES.notYetActivated);

    const id = await idOf(email);
    expect((await setActive(id, true)).statusCode).toBe(200);
    expect((await setActive(id, false)).statusCode).toBe(200);
    // Never signed in, yet no longer waiting: an admin deactivated the account.
    expect(await refusalMessage(email)).toBe(AUTH_MESSAGES.accountInactive);
  });

  it("a sign-up an admin deactivates without ever activating it is told it was deactivated", async () => {
    const email = uniqueEmail("declined");
    await postJson(t.app, "/api/auth/sign-up/email", { name: "Dan Declined", email, password: "secret1" });
    expect((await setActive(await idOf(email), false)).statusCode).toBe(200);
    expect(await refusalMessage(email)).toBe(AUTH_MESSAGES.accountInactive);
  });

  it("an account an admin added and deactivated before its first sign-in is told it was deactivated", async () => {
    const email = uniqueEmail("added");
    const id = await createConfirmedAccount(t.auth, { email, password: "secret1", name: "Ada Added", membershipTier: "inventor" });
    expect((await setActive(id ?? "", false)).statusCode).toBe(200);
    expect(await refusalMessage(email)).toBe(AUTH_MESSAGES.accountInactive);
  });
});
