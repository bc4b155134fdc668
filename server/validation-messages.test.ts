import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AUTH_MESSAGES } from "../common/contracts/auth";
import { BILLING_MESSAGES } from "../common/contracts/billing";
import { EMAIL_PATTERN } from "../common/email-address";
import { AUTH_ENDPOINTS } from "./auth/auth-endpoints";
import { endpointsOf, isEventStream, type Endpoint } from "./plugins/registered-routes.test-support";
import { buildTestApp, memberCookie, TEST_ORIGIN, type TestApp } from "./test/build-test-app";

/** Wording of zod, better-call or a JSON parser that must never reach a person. */
const SCHEMA_WORDING = [
  /Invalid (input|option|string|email|url|uuid|enum|literal|type|date|ISO|element|key|union)/i,
  /expected (one of|object|string|number|boolean|array|int|date|nonoptional)/i,
  /received (undefined|string|number|object|array|null|boolean|NaN)/i,
  /Too (small|big)/i,
  /Unrecognized key/i,
  /\[(body|query|params)\b/i,
  /content-type is set to/i,
  /Unexpected token|in JSON at position/i,
];

/** Field names the product's bodies and queries use, filled with a value of the wrong kind. */
const FIELDS = [
  "email", "name", "password", "newPassword", "currentPassword", "token", "code", "title", "description", "content", "category", "tier",
  "membershipTier", "accessLevel", "role", "isActive", "plan", "discount", "usageLimit", "validUntil", "date", "time", "location",
  "participants", "isPast", "recordingUrl", "userIds", "subject", "message", "expected", "communityName", "notificationEmail",
  "allowRegistration", "requireApproval", "defaultTier", "featured", "source", "releaseDate", "duration", "url", "phone", "preferredTimes",
  "topic", "couponCode", "transport", "parentId", "folder", "to", "body", "cardNumber", "page", "pageSize", "search", "provider", "callbackURL",
];

const bodies: Record<string, (field: string) => unknown> = {
  "a wrong type": (field) => (field.startsWith("is") || field.startsWith("allow") || field.startsWith("require") || field === "featured" ? "yes" : { nested: true }),
  "an unknown enum value": () => "no-such-option",
  "an out-of-range number": (field) => (["discount", "usageLimit", "participants", "expected", "page", "pageSize"].includes(field) ? 10.5 : -1e12),
};

let t: TestApp;
let admin: string;
let endpoints: Endpoint[];
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
  const own = endpointsOf(t.routes).filter((endpoint) => endpoint.pattern.startsWith("/api/") && endpoint.pattern !== "/api/auth/*" && !isEventStream(endpoint));
  // The mount's one wildcard route stands for better-auth's endpoints: each one the product opens is tried.
  const auth = AUTH_ENDPOINTS.filter((endpoint) => endpoint.use !== "disabled" && endpoint.path !== "/sign-out" && endpoint.path !== "/revoke-other-sessions").flatMap((endpoint) =>
    endpoint.methods.map((method) => {
      const url = `/api/auth${endpoint.path.replace(/:[A-Za-z]+/g, "sample")}`;
      return { method, pattern: url, url, route: own[0]?.route } as Endpoint;
    }),
  );
  endpoints = [...own, ...auth];
});
afterAll(() => t.close());

function send(endpoint: Endpoint, payload: unknown, query = "") {
  const hasBody = endpoint.method !== "GET" && endpoint.method !== "DELETE";
  return t.app.inject({
    method: endpoint.method as "GET",
    url: `${endpoint.url}${query}`,
    headers: { origin: TEST_ORIGIN, cookie: admin, ...(hasBody ? { "content-type": "application/json" } : {}) },
    ...(hasBody ? { payload: payload === undefined ? "" : JSON.stringify(payload) } : {}),
  });
}

function expectPlainWords(endpoint: Endpoint, kind: string, response: { statusCode: number; body: string }) {
  const where = `${endpoint.method} ${endpoint.url} with ${kind} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).not.toBe(500);
  for (const pattern of SCHEMA_WORDING) expect(response.body, where).not.toMatch(pattern);
}

describe("validation failures read as sentences on every route", () => {
  it("finds the product's routes and better-auth's open endpoints", () => {
    const listed = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.pattern}`);
    expect(listed).toEqual(expect.arrayContaining(["POST /api/admin/coupons", "POST /api/admin/sessions", "POST /api/admin/users/reset-roles", "POST /api/call-requests", "POST /api/auth/sign-up/email"]));
    expect(listed.length).toBeGreaterThan(60);
  });

  it("never answers schema wording to an empty body, a wrong type, an unknown enum value or an out-of-range number", async () => {
    for (const endpoint of endpoints) {
      if (endpoint.method === "GET" || endpoint.method === "DELETE") {
        const query = `?${FIELDS.map((field) => `${field}=${encodeURIComponent(field === "page" || field === "pageSize" ? "10.5" : "no-such-option")}`).join("&")}`;
        expectPlainWords(endpoint, "a junk query", await send(endpoint, undefined, query));
        continue;
      }
      expectPlainWords(endpoint, "an empty body", await send(endpoint, undefined));
      expectPlainWords(endpoint, "a body that is not an object", await send(endpoint, "just text"));
      for (const [kind, valueFor] of Object.entries(bodies)) {
        expectPlainWords(endpoint, kind, await send(endpoint, Object.fromEntries(FIELDS.map((field) => [field, valueFor(field)]))));
      }
    }
  }, 120_000);
});

describe("the sentences name the field and the rule", () => {
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN, cookie: admin, "content-type": "application/json" }, payload: JSON.stringify(payload) });
  const coupon = { code: "RULES", discount: 10, membershipTier: "inventor", usageLimit: 5, validUntil: "2099-01-01" };
  const session = { title: "Rules", date: "2099-01-01", time: "10:00 AM-12:00 PM ET", location: "Video call", description: "About rules", tier: "all" };

  it.each([
    ["a coupon without a tier", "/api/admin/coupons", { ...coupon, membershipTier: undefined }, "membershipTier", "Membership tier is required"],
    ["a coupon for an unknown tier", "/api/admin/coupons", { ...coupon, membershipTier: "gold" }, "membershipTier", "Membership tier must be one of inventor, entrepreneur or brand-ceo"],
    ["a discount of 10.5", "/api/admin/coupons", { ...coupon, discount: 10.5 }, "discount", BILLING_MESSAGES.discountWhole],
    ["a discount of 101", "/api/admin/coupons", { ...coupon, discount: 101 }, "discount", BILLING_MESSAGES.discountRange],
    ["a session on 2026-13-45", "/api/admin/sessions", { ...session, date: "2026-13-45" }, "date", "Date is not a valid date"],
    ["a session without a date", "/api/admin/sessions", { ...session, date: undefined }, "date", "Date is required"],
    ["a session of an unknown tier", "/api/admin/sessions", { ...session, tier: "vip" }, "tier", "Tier must be one of all, inventor, entrepreneur or brand-ceo"],
  ])("%s", async (_case, url, payload, field, message) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "VALIDATION_FAILED", message, fields: { [field]: message } });
  });

  it("says a body is needed when a confirmation arrives without one", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/admin/users/reset-roles", headers: { origin: TEST_ORIGIN, cookie: admin } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("The request needs a body with its fields");
  });
});

describe("one email rule for every email field", () => {
  it("is the rule better-auth applies behind the mount (zod's), so the forms never accept what sign-up refuses", () => {
    for (const address of ["x@y.z", "a@b.co", "first.last@sub.example.org", "o'neil@x.org", "a..b@c.com", ".a@b.com", "a@-b.com", "a b@c.com", "a@b.c0m"]) {
      expect(EMAIL_PATTERN.test(address), address).toBe(z.email().safeParse(address).success);
    }
  });

  it.each([
    ["sign-up", "/api/auth/sign-up/email", { name: "Someone", email: "x@y.z", password: "secret1" }],
    ["log in", "/api/auth/sign-in/email", { email: "x@y.z", password: "secret1" }],
    ["password reset", "/api/auth/request-password-reset", { email: "x@y.z", redirectTo: "/reset-password" }],
    ["call request", "/api/call-requests", { name: "Someone", email: "x@y.z", phone: "+1 555 010 2030", preferredTimes: "Mornings", topic: "A product" }],
    ["invitation", "/api/admin/invitations", { name: "Someone", email: "x@y.z", membershipTier: "inventor" }],
    ["new user", "/api/admin/users", { name: "Someone", email: "x@y.z", password: "secret1", confirmPassword: "secret1" }],
  ])("refuses x@y.z at %s with the spec's message", async (_door, url, payload) => {
    const response = await t.app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN, cookie: admin, "content-type": "application/json" }, payload: JSON.stringify(payload) });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(AUTH_MESSAGES.emailInvalid);
  });
});
