import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app";
import { openPostgres, type DatabaseHandle } from "../db/client";
import { communityPosts } from "../features/community/community.table";
import { loadEnv } from "../env";
import { postJson, signUp, uniqueEmail, TEST_ORIGIN, TEST_SECRET } from "../test/build-test-app";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

// The database host goes away for 10 s while the app serves (SECURITY.md, Faults). Only a networked
// PostgreSQL can disappear like this; the PGlite run closes its database in system.test.ts instead.
const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === "postgres" && adminUrl !== undefined;
const OUTAGE_MS = 10_000;
const UNAVAILABLE = { code: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable. Please try again shortly." };
const APP_MARKER = '<div id="root"></div>';

async function withAdmin(run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!onPostgres)("the database host goes away for 10 s while serving", () => {
  const name = `test_outage_${randomBytes(5).toString("hex")}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "outage-"));
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let built: App;

  beforeAll(async () => {
    await withAdmin((client) => client.query(`create database ${name}`));
    const target = new URL(adminUrl ?? "");
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const throughProxy = new URL(adminUrl ?? "");
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    throughProxy.pathname = `/${name}`;
    database = openPostgres(throughProxy.toString(), { poolSize: 4 });
    await database.migrate();
    writeFileSync(path.join(dataDir, "index.html"), `<!doctype html><html><head><title>App</title></head><body>${APP_MARKER}</body></html>`);
    const env = loadEnv({ DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: "silent", WEB_DIST_DIR: dataDir, CONTENT_VERSION_CHECK_MS: "0", AUTH_RATE_LIMIT_IP: "1000", AUTH_RATE_LIMIT_ACCOUNT: "1000" });
    built = await buildApp({ env, database, logger: pino({ level: "silent" }), authSecret: TEST_SECRET });
  }, 60_000);

  afterAll(async () => {
    await built?.app.close();
    await database?.close();
    await proxy?.close();
    await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 with a clear JSON error, keeps pages and liveness up, never crashes, and serves again by itself", async () => {
    const { app } = built;
    const email = uniqueEmail("outage");
    const cookie = await signUp(app, { name: "Outage Member", email, password: "secret12" });
    const member = (url: string) => app.inject({ url, headers: { cookie } });
    expect((await member("/api/me")).statusCode).toBe(200);

    await proxy.stop();
    const started = Date.now();
    const slowest: number[] = [];
    let rounds = 0;
    while (Date.now() - started < OUTAGE_MS) {
      rounds += 1;
      const asked = Date.now();
      const [me, dashboard, post, signIn, ready, health, page] = await Promise.all([
        member("/api/me"),
        member("/api/members/dashboard"),
        app.inject({ method: "POST", url: "/api/community/posts", payload: { content: `during the outage ${rounds}` }, headers: { cookie, origin: TEST_ORIGIN } }),
        postJson(app, "/api/auth/sign-in/email", { email, password: "secret12" }),
        app.inject({ url: "/api/ready" }),
        app.inject({ url: "/api/health" }),
        app.inject({ url: "/members" }),
      ]);
      slowest.push(Date.now() - asked);
      // A read may still come from the viewer cache for its second; after that, and for every write, 503.
      const viewerCacheOver = asked - started > 2_000;
      for (const [label, response] of [["/api/me", me], ["dashboard", dashboard], ["post", post]] as const) {
        if (label !== "post" && !viewerCacheOver && response.statusCode === 200) continue;
        expect(response.statusCode, `${label} round ${rounds}`).toBe(503);
        expect(response.json().error, label).toEqual(UNAVAILABLE);
      }
      // better-auth answers its own failures; it must still be a server-side refusal, never a sign-in.
      expect(signIn.statusCode, `sign-in round ${rounds}`).toBeGreaterThanOrEqual(500);
      expect(signIn.headers["set-cookie"]).toBeUndefined();
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reason).toBe("database");
      expect(health.statusCode).toBe(200);
      // The page itself loads, and its session check shows the friendly retry (session-gate.tsx).
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(APP_MARKER);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(rounds).toBeGreaterThan(5);
    // Refused connections fail fast: nobody waits on a dead database for long.
    expect(Math.max(...slowest)).toBeLessThan(5_000);

    await proxy.start();
    const back = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - back < 15_000) {
      recovered = (await app.inject({ url: "/api/ready" })).statusCode === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(true);
    expect((await member("/api/me")).json()).toMatchObject({ user: { email } });
    const posted = await app.inject({ method: "POST", url: "/api/community/posts", payload: { content: "after the outage" }, headers: { cookie, origin: TEST_ORIGIN } });
    expect(posted.statusCode, posted.body).toBeLessThan(300);
    expect((await postJson(app, "/api/auth/sign-in/email", { email, password: "secret12" })).statusCode).toBe(200);
    // Nothing written during the outage half-arrived.
    expect((await database.db.select({ content: communityPosts.content }).from(communityPosts)).map((row) => row.content)).toEqual(["after the outage"]);
  }, 60_000);
});
