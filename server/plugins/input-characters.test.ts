import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_CHARACTER_MESSAGE } from "../../common/contracts/text";
import { buildTestApp, memberCookie, TEST_ORIGIN, uniqueEmail, type TestApp } from "../test/build-test-app";
import { endpointsOf } from "./registered-routes.test-support";

/** NUL, other C0 controls, DEL and lone surrogates (JSON sends the surrogates as `\uD800` escapes). */
const BAD_STRINGS = ["\u0000", "a\u0001b", "\u001b[31mred", "\u007f", "\uD800", "x\uDC00y"];
/** The same control characters as they arrive in a query string or a path. */
const BAD_ENCODED = ["%00", "a%01b", "%1B%5B31m", "%7F"];

let t: TestApp;
const cookies: Record<"anonymous" | "member" | "admin", string | undefined> = { anonymous: undefined, member: undefined, admin: undefined };

beforeAll(async () => {
  t = await buildTestApp();
  cookies.member = (await memberCookie(t, "brand-ceo")).cookie;
  cookies.admin = (await memberCookie(t, "admin")).cookie;
});
afterAll(() => t.close());

function send(method: string, url: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: method as "POST",
    url,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });
}

describe("a forbidden character in a field the spec names", () => {
  const cases = [
    { what: "admin user search", method: "GET", url: "/api/admin/users?search=", audience: "admin", field: "search" },
    { what: "sign-in email", method: "POST", url: "/api/auth/sign-in/email", body: (value: string) => ({ email: `${value}@example.com`, password: "secret1" }), field: "email" },
    { what: "password-reset token", method: "POST", url: "/api/auth/reset-password", body: (value: string) => ({ token: value, newPassword: "another-secret" }), field: "token" },
    { what: "profile name", method: "PATCH", url: "/api/me/profile", audience: "member", body: (value: string) => ({ name: `Ann ${value}` }), field: "name" },
    { what: "community post", method: "POST", url: "/api/community/posts", audience: "member", body: (value: string) => ({ content: `Hello ${value}`, category: "general" }), field: "content" },
  ] as const;

  for (const entry of cases) {
    it(`answers 400 naming the field: ${entry.what}`, async () => {
      const cookie = "audience" in entry ? cookies[entry.audience] : undefined;
      for (const value of "body" in entry ? BAD_STRINGS : BAD_ENCODED) {
        const response = "body" in entry ? await send(entry.method, entry.url, entry.body(value), cookie) : await t.app.inject({ url: `${entry.url}${value}`, headers: { cookie } });
        expect(response.statusCode, JSON.stringify(value)).toBe(400);
        const body = response.json();
        // Our routes answer `{ error }`; better-auth's mount keeps its own `{ code, message }` shape.
        expect((body.error ?? body).fields, JSON.stringify(value)).toEqual({ [entry.field]: FORBIDDEN_CHARACTER_MESSAGE });
      }
    });
  }

  it("never answers 5xx to a malformed or overlong encoding in a search", async () => {
    for (const value of ["%ED%A0%80", "%uD800", "%", "%C0%80", "%FF"]) {
      const response = await t.app.inject({ url: `/api/admin/users?search=${value}`, headers: { cookie: cookies.admin } });
      expect(response.statusCode, value).toBeLessThan(500);
    }
  });

  it("keeps tab, line breaks and characters outside the basic plane", async () => {
    const content = "First line\r\nSecond\tline 💡 ✓";
    const created = await send("POST", "/api/community/posts", { content, category: "general" }, cookies.member);
    expect(created.statusCode).toBe(201);
    expect(created.json().content).toBe(content);
    expect((await t.app.inject({ url: "/api/admin/users?search=%F0%9F%92%A1", headers: { cookie: cookies.admin } })).statusCode).toBe(200);
  });
});

describe("every registered route, read from the route table", () => {
  const audiences = ["anonymous", "member", "admin"] as const;

  function writeEndpoints() {
    const own = endpointsOf(t.routes).filter((endpoint) => endpoint.method !== "GET" && endpoint.pattern !== "/api/auth/*");
    const authApi = t.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>;
    // Every endpoint better-auth mounts under /api/auth, with its raw body.
    const mounted = Object.values(authApi)
      .filter((endpoint) => endpoint.path && [endpoint.options?.method].flat().includes("POST"))
      .map((endpoint) => ({ method: "POST", url: `/api/auth${endpoint.path?.replace(/:[A-Za-z]+/g, "x") ?? ""}` }));
    expect(own.length).toBeGreaterThan(30);
    expect(mounted.map((endpoint) => endpoint.url)).toContain("/api/auth/sign-in/email");
    return [...own, ...mounted];
  }

  it("answers 400 naming the field to a bad string in any write body, for visitors, members and admins", async () => {
    for (const endpoint of writeEndpoints()) {
      for (const audience of audiences) {
        for (const value of BAD_STRINGS) {
          const body = { name: value, email: `${value}${uniqueEmail()}`, content: value, nested: { list: [value] } };
          const response = await send(endpoint.method, endpoint.url, body, cookies[audience]);
          const label = `${audience} ${endpoint.method} ${endpoint.url} ${JSON.stringify(value)}`;
          expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, label).toBeLessThan(500);
          if (endpoint.url === "/api/billing/webhook") continue; // signed bytes: its signature check answers
          expect(response.statusCode, label).toBe(400);
        }
      }
    }
  });

  it("answers 400 to a bad search parameter and a bad path parameter on every route", async () => {
    const endpoints = [...endpointsOf(t.routes), { method: "GET", url: "/api/auth/get-session", pattern: "/api/auth/get-session" }];
    for (const endpoint of endpoints) {
      for (const audience of audiences) {
        for (const value of BAD_ENCODED) {
          const urls = [`${endpoint.url.replace("*", "x")}?search=${value}`];
          if (/:[A-Za-z]/.test(endpoint.pattern)) urls.push(endpoint.pattern.replace(/:[A-Za-z]+/g, value));
          for (const url of urls) {
            const response = await send(endpoint.method, url, {}, cookies[audience]);
            expect(response.statusCode, `${audience} ${endpoint.method} ${url}`).toBe(400);
          }
        }
      }
    }
  });

  it("refuses a body nested deeper than any form sends", async () => {
    let deep: unknown = "leaf";
    for (let level = 0; level < 40; level += 1) deep = { deep };
    const response = await send("POST", "/api/community/posts", { content: "Hi", deep }, cookies.member);
    expect(response.statusCode).toBe(400);
  });
});
