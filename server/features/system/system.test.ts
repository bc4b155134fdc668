import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../../app";
import { buildTestApp, postJson, signUp, uniqueEmail, type TestApp } from "../../test/build-test-app";

describe("health and public config", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("answers 200 ok on /api/health and ready on /api/ready while the database answers and is migrated", async () => {
    const healthy = await t.app.inject({ url: "/api/health" });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it("lists no social provider when none is configured and hides demo credentials", async () => {
    const config = (await t.app.inject({ url: "/api/config" })).json();
    expect(config).toMatchObject({ socialProviders: [], testLoginEnabled: true, demoAdmin: null, bookingEmbedUrl: null });
    expect(config.contact.email).toBe("support@inventors.community");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.app.inject({ url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });

  it("sends security headers", async () => {
    const response = await t.app.inject({ url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});

describe("public config variants", () => {
  it("shows the demo admin only when the configured admin is the demo's, and hides test login in production", async () => {
    const demo = await buildTestApp({ ADMIN_EMAIL: DEMO_ADMIN.email, ADMIN_PASSWORD: DEMO_ADMIN.password });
    const real = await buildTestApp({ NODE_ENV: "production", ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "real-secret-pw" });
    try {
      expect((await demo.app.inject({ url: "/api/config" })).json().demoAdmin).toEqual(DEMO_ADMIN);
      expect((await real.app.inject({ url: "/api/config" })).json()).toMatchObject({ testLoginEnabled: false, demoAdmin: null });
    } finally {
      await demo.close();
      await real.close();
    }
  });

  it("reports 503 with a clear message when the database stops answering", async () => {
    const broken = await buildTestApp();
    const cookie = await signUp(broken.app, { name: "Down", email: uniqueEmail(), password: "secret1" });
    await broken.database.close();
    // Liveness stays up (restarting the process would not bring the database back); readiness says why not.
    expect((await broken.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    const ready = await broken.app.inject({ url: "/api/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "unavailable", reason: "database", message: "The database is not answering." });
    const member = await broken.app.inject({ url: "/api/members/dashboard", headers: { cookie } });
    expect(member.statusCode).toBe(503);
    expect(member.json().error).toEqual({ code: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable. Please try again shortly." });
    await broken.app.close();
  });

  it("is not ready while the database lacks this release's newest migration, and ready once it is applied", async () => {
    const behind = await buildTestApp();
    try {
      const { db } = behind.database;
      const newestRows = (await db.execute(sql`select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as { rows: { id: number; created_at: string }[] };
      const [newest] = newestRows.rows;
      await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest?.id}`);
      const ready = await behind.app.inject({ url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: "unavailable", reason: "migrations" });
      expect(ready.json().message).toMatch(/^The database schema is behind this release \(waiting for migration \d{4}_\w+\)\.$/);
      expect((await behind.app.inject({ url: "/api/health" })).statusCode).toBe(200);
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest?.id}, 'restored', ${newest?.created_at})`);
      expect((await behind.app.inject({ url: "/api/ready" })).statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });

  it("offers Google sign-in when configured, sending the browser to Google with our callback", async () => {
    const google = await buildTestApp({ GOOGLE_CLIENT_ID: "client-123.apps.example", GOOGLE_CLIENT_SECRET: "google-secret" });
    try {
      expect((await google.app.inject({ url: "/api/config" })).json().socialProviders).toEqual([{ id: "google", label: "Google" }]);
      const start = await postJson(google.app, "/api/auth/sign-in/social", { provider: "google", callbackURL: "/auth/callback" });
      expect(start.statusCode).toBe(200);
      const url = new URL(start.json().url);
      expect(url.hostname).toBe("accounts.google.com");
      expect(url.searchParams.get("client_id")).toBe("client-123.apps.example");
      expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/google");
    } finally {
      await google.close();
    }
  });
});
