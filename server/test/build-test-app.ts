import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { eq } from "drizzle-orm";
import pino, { type Logger } from "pino";
import { users } from "../auth/auth.table";
import { buildApp, type App } from "../app";
import type { DatabaseHandle } from "../db/client";
import { loadEnv } from "../env";
import { createTestDatabase } from "./test-database";

export const TEST_ORIGIN = "http://localhost:3000";
export const TEST_SECRET = "test-secret-0123456789abcdefghijklmnopqrstuvwxyz";

export interface TestApp extends App {
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The real application on a fresh database, driven through HTTP with inject(). Given `shared`, a
 * second instance on that app's database (closing it leaves the database to its owner). Silent
 * unless given a `logger` (the log tests capture what the server writes).
 */
export async function buildTestApp(env: Record<string, string> = {}, shared?: TestApp, logger: Logger = pino({ level: "silent" })): Promise<TestApp> {
  const database = shared?.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "inventors-test-"));
  const parsed = loadEnv({
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT_IP: "1000",
    AUTH_RATE_LIMIT_ACCOUNT: "1000",
    WEB_DIST_DIR: ".tmp/no-web-build",
    // Tests write rows behind the app's back and read at once: every read checks the content versions.
    CONTENT_VERSION_CHECK_MS: "0",
    ...env,
  });
  const built = await buildApp({ env: parsed, database, logger, authSecret: TEST_SECRET });
  return {
    ...built,
    database,
    async close() {
      await built.app.close();
      if (!shared) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Session cookie pairs (`name=value`) from a response, ready for a `cookie` header. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  const header = response.headers["set-cookie"];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((cookie) => cookie.split(";")[0]).join("; ");
}

export function postJson(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: "POST", url, payload: body as object, headers: { origin: TEST_ORIGIN, ...headers } });
}

/** Signs up through the real endpoint and returns the session cookie. */
export async function signUp(app: FastifyInstance, user: { name: string; email: string; password: string }): Promise<string> {
  const response = await postJson(app, "/api/auth/sign-up/email", user);
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return cookiesFrom(response);
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await postJson(app, "/api/auth/sign-in/email", { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookiesFrom(response);
}

let counter = 0;
/** A unique address per call so tests never collide on one database. */
export function uniqueEmail(prefix = "member"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export type TestAudience = "free" | "inventor" | "entrepreneur" | "brand-ceo" | "admin";

/** Signs up a fresh member of `audience` (an admin is a brand-ceo user with role admin) and returns the session cookie. */
export async function memberCookie(t: TestApp, audience: TestAudience, name = `Member ${audience}`): Promise<{ cookie: string; userId: string; email: string }> {
  const email = uniqueEmail(audience);
  const cookie = await signUp(t.app, { name, email, password: "secret1" });
  const [row] = await t.database.db
    .update(users)
    .set(audience === "admin" ? { role: "admin", membershipTier: "brand-ceo" } : { membershipTier: audience })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!row) throw new Error(`no user for ${email}`);
  t.viewers.forgetUser(row.id);
  return { cookie, userId: row.id, email };
}

/** A JSON request with the same-origin header every API write needs. */
export function sendJson(app: FastifyInstance, method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, body: unknown, cookie?: string) {
  return app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}
