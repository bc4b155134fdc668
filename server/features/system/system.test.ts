import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../../app";
import { buildTestApp, type TestApp } from "../../test/build-test-app";

describe("health and public config", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("answers 200 ok while the database answers", async () => {
    const healthy = await t.app.inject({ url: "/api/health" });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({ status: "ok" });
  });

  it("lists no social provider when none is configured and hides demo credentials", async () => {
    const config = (await t.app.inject({ url: "/api/config" })).json();
    expect(config).toEqual({ socialProviders: [], testLoginEnabled: true, demoAdmin: null });
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

  it("reports 503 when the database stops answering", async () => {
    const broken = await buildTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json().status).toBe("unavailable");
    await broken.app.close();
  });
});
