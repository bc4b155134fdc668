import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWO_FACTOR_MESSAGES } from "../../../common/contracts/settings";
import { buildTestApp, cookiesFrom, memberCookie, postJson, type TestApp } from "../../test/build-test-app";
import { secretOf, totpCode } from "./totp.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ REQUIRE_ADMIN_2FA: "true" });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

describe("REQUIRE_ADMIN_2FA=true", () => {
  it("refuses an admin without a second factor on every admin endpoint, until they turn it on", async () => {
    const admin = await memberCookie(t, "admin");
    for (const url of ["/api/admin/settings", "/api/admin/users", "/api/admin/outbox"]) {
      const refused = await get(url, admin.cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toEqual({ code: "TWO_FACTOR_REQUIRED", message: TWO_FACTOR_MESSAGES.required });
    }
    expect((await get("/api/me/two-factor", admin.cookie)).json()).toEqual({ available: true, enabled: false, required: true });
    // The rest of the app, and the setup itself, stay open to them.
    expect((await get("/api/me", admin.cookie)).json().user).toMatchObject({ role: "admin" });

    const enabled = await postJson(t.app, "/api/auth/two-factor/enable", { password: "secret1" }, { cookie: admin.cookie });
    expect(enabled.statusCode).toBe(200);
    // Set up but not yet confirmed with a code: still refused.
    expect((await get("/api/admin/settings", admin.cookie)).statusCode).toBe(403);

    const confirmed = await postJson(t.app, "/api/auth/two-factor/verify-totp", { code: totpCode(secretOf(enabled.json().totpURI)) }, { cookie: admin.cookie });
    expect(confirmed.statusCode).toBe(200);
    const cookie = cookiesFrom(confirmed);
    expect((await get("/api/admin/settings", cookie)).statusCode).toBe(200);
    expect((await get("/api/me/two-factor", cookie)).json()).toEqual({ available: true, enabled: true, required: false });
  });

  it("leaves the other guards' answers to members (403 FORBIDDEN) and anonymous visitors (401)", async () => {
    const member = await memberCookie(t, "brand-ceo");
    const forbidden = await get("/api/admin/settings", member.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe("FORBIDDEN");
    expect((await get("/api/admin/settings")).statusCode).toBe(401);
    expect((await get("/api/me/two-factor", member.cookie)).json()).toEqual({ available: false, enabled: false, required: false });
    expect((await get("/api/me/two-factor")).statusCode).toBe(401);
  });
});

describe("REQUIRE_ADMIN_2FA unset", () => {
  it("lets admins without a second factor into the admin API", async () => {
    const relaxed = await buildTestApp();
    try {
      const admin = await memberCookie(relaxed, "admin");
      expect((await relaxed.app.inject({ url: "/api/admin/settings", headers: { cookie: admin.cookie } })).statusCode).toBe(200);
      const status = await relaxed.app.inject({ url: "/api/me/two-factor", headers: { cookie: admin.cookie } });
      expect(status.json()).toEqual({ available: true, enabled: false, required: false });
    } finally {
      await relaxed.close();
    }
  });
});
