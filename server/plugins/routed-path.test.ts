import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWO_FACTOR_REQUIRED } from "../../common/contracts/settings";
import { buildTestApp, memberCookie, TEST_ORIGIN, uniqueEmail, type TestApp } from "../test/build-test-app";

/** Spellings the router decodes to the same route: each must get the plain path's answer. */
const SAME_ROUTE = (path: string) => [
  path.replace("/api/admin/", "/api/%61dmin/").replace("/api/me", "/api/%6De").replace("/api/community/", "/api/%63ommunity/"),
  path.replace(/^\/api\//, "/%61pi/"),
  path.replace(/\/([a-z])([a-z-]*)$/, (_match, first: string, rest: string) => `/%${first.charCodeAt(0).toString(16)}${rest}`),
];
/** Spellings the router does not match: each must reach nothing (404), whatever the plain path answers. */
const NO_ROUTE = (path: string) => [path.replace("/api/", "/api//"), `${path}/`, path.replace("/api/", "/api/%2F"), path.replace(/\/([a-z])/, (_match, first: string) => `/${first.toUpperCase()}`)];

describe("security decisions follow the route the router matched, not the raw URL", () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    t = await buildTestApp({ REQUIRE_ADMIN_2FA: "true" });
    admin = (await memberCookie(t, "admin")).cookie;
    member = (await memberCookie(t, "inventor")).cookie;
  });
  afterAll(() => t.close());

  it("keeps required two-factor in front of the admin API however the path is spelled", async () => {
    for (const url of SAME_ROUTE("/api/admin/users")) {
      const response = await t.app.inject({ url, headers: { cookie: admin } });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code, url).toBe(TWO_FACTOR_REQUIRED);
    }
    for (const url of NO_ROUTE("/api/admin/users")) {
      const response = await t.app.inject({ url, headers: { cookie: admin } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("@example.com");
    }
  });

  it("keeps required two-factor in front of admin writes however the path is spelled", async () => {
    for (const url of SAME_ROUTE("/api/admin/settings")) {
      const response = await t.app.inject({ method: "PUT", url, headers: { cookie: admin, origin: TEST_ORIGIN }, payload: { siteName: "Taken" } });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code, url).toBe(TWO_FACTOR_REQUIRED);
    }
  });

  it("refuses a cross-origin write however the path is spelled, and a write that reaches no route", async () => {
    for (const url of ["/api/community/posts", ...SAME_ROUTE("/api/community/posts"), ...NO_ROUTE("/api/community/posts")]) {
      const response = await t.app.inject({ method: "POST", url, headers: { cookie: member, origin: "https://evil.example" }, payload: { title: "Hi", content: "Hello" } });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code, url).toBe("CSRF_REJECTED");
    }
  });

  it("resolves the signed-in viewer on every spelling that reaches a route", async () => {
    for (const url of ["/api/me", ...SAME_ROUTE("/api/me")]) {
      const response = await t.app.inject({ url, headers: { cookie: member } });
      expect(response.statusCode, url).toBe(200);
      expect(response.json().user.membershipTier, url).toBe("inventor");
    }
  });
});

describe("the sign-in limit counts every spelling of the sign-in path as one", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_IP: "3" });
  });
  afterAll(() => t.close());

  const signIn = (url: string, remoteAddress: string) =>
    t.app.inject({ method: "POST", url, remoteAddress, headers: { origin: TEST_ORIGIN }, payload: { email: uniqueEmail(), password: "wrong-password" } });

  it("answers the plain path's answer and counts toward the same limit", async () => {
    const variants = ["/api/auth/sign-in/%65mail", "/api/auth/sign-in%2Femail", "/api/%61uth/sign-in/email", "/%61pi/auth/sign-in/email"];
    for (const [index, variant] of variants.entries()) {
      const address = `192.0.2.${index + 10}`;
      const statuses = [];
      for (const url of ["/api/auth/sign-in/email", variant, "/api/auth/sign-in/email", variant]) statuses.push((await signIn(url, address)).statusCode);
      expect(statuses, variant).toEqual([401, 401, 401, 429]);
    }
  });

  it("answers 404 to spellings that reach no sign-in, without spending a guess", async () => {
    for (const url of NO_ROUTE("/api/auth/sign-in/email")) expect((await signIn(url, "192.0.2.50")).statusCode, url).toBe(404);
    expect((await signIn("/api/auth/sign-in/email", "192.0.2.50")).statusCode).toBe(401);
  });
});
