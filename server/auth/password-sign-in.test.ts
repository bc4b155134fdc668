import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, cookiesFrom, postJson, uniqueEmail, type TestApp } from "../test/build-test-app";
import { countingStatements } from "../test/statement-count";
import { sessions, users } from "./auth.table";

/*
 * The server answers a plain password sign-in itself (password-sign-in.ts) and hands every other one
 * to better-auth's own endpoint. `rememberMe: true` changes nothing in better-auth's answer but is not
 * plain, so each case below is asked both ways and the two answers must be the same.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const BROWSER = { "user-agent": "Mozilla/5.0 (compared)" };

/** Status, headers and body with what differs between two sign-ins (date, session token, the previous sign-in's time) masked. */
function comparable(response: LightMyRequestResponse) {
  const { date: _date, ...headers } = response.headers;
  const cookies = [response.headers["set-cookie"] ?? []]
    .flat()
    .map((cookie) => cookie.replace(/(session_token|two_factor)=[^;]+/, "$1=<token>"));
  const body = response.body.replace(/"token":"[^"]+"/, '"token":"<token>"').replace(/"lastLogin":"[^"]+"/, '"lastLogin":"<time>"');
  return { status: response.statusCode, headers: { ...headers, "set-cookie": cookies }, body };
}

/** The same sign-in answered by the server and by better-auth, with the statements each ran. */
async function bothWays(app: TestApp, body: { email: string; password: string }, headers: Record<string, string> = {}) {
  const plain = await countingStatements(app.database.db, () => postJson(app.app, "/api/auth/sign-in/email", body, { ...BROWSER, ...headers }));
  const library = await countingStatements(app.database.db, () => postJson(app.app, "/api/auth/sign-in/email", { ...body, rememberMe: true }, { ...BROWSER, ...headers }));
  return { plain: plain.result, library: library.result, statements: plain.statements, libraryStatements: library.statements };
}

async function member(app: TestApp, headers: Record<string, string> = {}) {
  const email = uniqueEmail("plain");
  const signedUp = await postJson(app.app, "/api/auth/sign-up/email", { name: "Plain Member", email, password: "secret1" }, headers);
  expect(signedUp.statusCode).toBe(200);
  const cookie = cookiesFrom(signedUp);
  const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, cookie, id: row?.id ?? "" };
}

describe("a plain password sign-in", () => {
  it("signs in as better-auth does, in two statements, and stores the same session", async () => {
    const { email, id } = await member(t);
    const { plain, library, statements, libraryStatements } = await bothWays(t, { email, password: "secret1" });
    expect(plain.statusCode).toBe(200);
    expect(comparable(plain)).toEqual(comparable(library));
    expect(plain.json().user).toMatchObject({ id, email, lastLogin: expect.any(String) });
    expect(statements).toBe(2);
    expect(libraryStatements).toBe(7);

    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    const ours = rows.find((row) => row.token === plain.json().token);
    const theirs = rows.find((row) => row.token === library.json().token);
    const shape = (row: typeof ours) => ({
      id: row?.id.replace(/^[A-Za-z0-9]{32}$/, "<32 letters and digits>"),
      ipAddress: row?.ipAddress,
      userAgent: row?.userAgent,
      lifetime: Math.round(((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 1000),
      updatedWhenCreated: Math.abs((row?.updatedAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) < 1000,
    });
    expect(shape(ours)).toEqual(shape(theirs));
    expect(shape(ours)).toEqual({ id: "<32 letters and digits>", ipAddress: "127.0.0.1", userAgent: BROWSER["user-agent"], lifetime: 30 * 24 * 3600, updatedWhenCreated: true });
  });

  it("costs a known device no statement of its own", async () => {
    const { email, cookie } = await member(t);
    const device = cookie.split("; ").filter((pair) => pair.startsWith("inventors.known-device="));
    const { plain, statements } = await bothWays(t, { email, password: "secret1" }, { cookie: device.join("; ") });
    expect(plain.statusCode).toBe(200);
    expect(statements).toBe(2);
  });

  it("refuses a wrong password and an unknown address as better-auth does", async () => {
    const { email } = await member(t);
    for (const body of [{ email, password: "not-it" }, { email: uniqueEmail("nobody"), password: "secret1" }]) {
      const { plain, library, statements, libraryStatements } = await bothWays(t, body);
      expect(plain.statusCode).toBe(401);
      expect(comparable(plain)).toEqual(comparable(library));
      expect(statements).toBe(1);
      expect(libraryStatements).toBeGreaterThan(1);
    }
  });

  it("refuses a deactivated account, and one never activated, with the session hook's messages", async () => {
    for (const lastLogin of [new Date(), null]) {
      const { email, id } = await member(t);
      await t.database.db.update(users).set({ isActive: false, lastLogin }).where(eq(users.id, id));
      const { plain, library } = await bothWays(t, { email, password: "secret1" });
      expect(plain.statusCode).toBe(403);
      expect(comparable(plain)).toEqual(comparable(library));
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);
    }
  });

  it("leaves a two-factor account to better-auth once the password is right", async () => {
    const { email, id } = await member(t);
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, id));
    const { plain, library } = await bothWays(t, { email, password: "secret1" });
    expect(plain.json()).toMatchObject({ twoFactorRedirect: true });
    expect(comparable(plain)).toEqual(comparable(library));
    expect(cookiesFrom(plain)).toMatch(/two_factor=.+/);
    expect(cookiesFrom(plain)).not.toMatch(/session_token=[^;]/);
  });
});

describe("a plain password sign-in behind HTTPS", () => {
  it("sets the same Secure session cookie as better-auth", async () => {
    const secure = await buildTestApp({ PUBLIC_URL: "https://community.example.com" });
    try {
      const origin = { origin: "https://community.example.com" };
      const { email } = await member(secure, origin);
      const { plain, library } = await bothWays(secure, { email, password: "secret1" }, origin);
      expect(plain.statusCode).toBe(200);
      expect(comparable(plain)).toEqual(comparable(library));
      expect(String(plain.headers["set-cookie"])).toMatch(/__Secure-better-auth\.session_token=.*; Secure/);
    } finally {
      await secure.close();
    }
  });
});
