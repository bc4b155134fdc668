import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pino from "pino";
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

/** The real application on a fresh database, driven through HTTP with inject(). */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const parsed = loadEnv({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT_IP: "1000",
    AUTH_RATE_LIMIT_ACCOUNT: "1000",
    WEB_DIST_DIR: ".tmp/no-web-build",
    ...env,
  });
  const built = await buildApp({ env: parsed, database, logger: pino({ level: "silent" }), authSecret: TEST_SECRET });
  return {
    ...built,
    database,
    async close() {
      await built.app.close();
      await database.close();
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
