import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_ENDPOINTS, isOpenAuthEndpoint } from "../auth/auth-endpoints";
import { AUTH_API, UNDESCRIBED_AUTH_ENDPOINTS } from "../auth/auth-endpoints.api";
import { endpointsOf, isEventStream } from "../plugins/registered-routes.test-support";
import { buildTestApp, memberCookie, TEST_ORIGIN, type TestApp } from "../test/build-test-app";
import { accessOf, apiDocOf } from "./api-doc";

/** API routes left out of the document, and why. Everything else under /api/ must describe itself. */
const NOT_DESCRIBED: Record<string, string> = {
  "/api/auth/*": "better-auth's mount; its endpoints in use are described one by one in auth-endpoints.api.ts.",
  "/api/billing/webhook": "Called by Stripe only, authenticated by Stripe's signature.",
  "/api/email/unsubscribe": "The one-click unsubscribe page a marketing mail links to (HTML, signed link).",
  "/api/community/mentions/unsubscribe": "The one-click unsubscribe page a mention mail links to (HTML, signed link).",
  "/api/notifications/unsubscribe": "The one-click unsubscribe page a notification mail links to (HTML, signed link).",
};

type Json = Record<string, unknown>;
let t: TestApp;
let document: Json;
let memberSession: string;

beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  document = response.json();
  memberSession = (await memberCookie(t, "brand-ceo")).cookie;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));

/** Follows a local `$ref` (`#/components/schemas/X`) through the document; undefined when it leads nowhere. */
function resolve(ref: string): unknown {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Json)[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined), document);
}

function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) => (key === "$ref" && typeof value === "string" ? [value] : refsIn(value)));
}

function bodySchemaOf(path: string, method: string): Json {
  const operation = (document.paths as Record<string, Record<string, Json>>)[path]?.[method];
  const ref = (operation?.requestBody as { content: Record<string, { schema: { $ref: string } }> }).content["application/json"]?.schema.$ref;
  return resolve(ref ?? "") as Json;
}

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document whose every reference resolves", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((ref) => !ref.startsWith("#/components/") || resolve(ref) === undefined)).toEqual([]);
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations()) {
      expect(["get", "post", "put", "patch", "delete"], path).toContain(method);
      expect(operation.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(Object.keys(operation.responses as Json).length, `${method} ${path}`).toBeGreaterThan(0);
      const pathParams = ((operation.parameters ?? []) as Json[]).filter((parameter) => parameter.in === "path").map((parameter) => parameter.name);
      expect(pathParams.sort(), `${method} ${path}`).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort());
    }
  });

  it("gives the community post body the limits the server enforces", async () => {
    const body = bodySchemaOf("/api/community/posts", "post");
    const content = (body.properties as Record<string, Json>).content as { minLength: number; maxLength: number };
    expect(body.required).toEqual(["content"]);
    expect(content).toMatchObject({ type: "string", minLength: 1, maxLength: 5000 });
    expect((body.properties as Record<string, Json>).mentions).toMatchObject({ type: "array", maxItems: 10 });

    const post = (text: string) =>
      t.app.inject({ method: "POST", url: "/api/community/posts", headers: { origin: TEST_ORIGIN, cookie: memberSession }, payload: { content: text } });
    const tooLong = await post("x".repeat(content.maxLength + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.content).toEqual(expect.any(String));
    expect((await post("x".repeat(content.maxLength))).statusCode).toBe(201);
  });

  it("marks every admin endpoint as needing an admin session, with its refusals", () => {
    const admin = operations().filter(({ path }) => path.startsWith("/api/admin/"));
    expect(admin.length).toBeGreaterThan(60);
    for (const { path, method, operation } of admin) {
      expect(operation["x-access"], `${method} ${path}`).toBe("admin");
      expect(operation.security, `${method} ${path}`).toEqual([{ sessionCookie: [] }]);
      expect(Object.keys(operation.responses as Json), `${method} ${path}`).toEqual(expect.arrayContaining(["401", "403"]));
    }
    const schemes = (document.components as { securitySchemes: Json }).securitySchemes;
    expect(schemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
  });

  it("describes the sign-up, sign-in, sign-out and password reset endpoints better-auth mounts", () => {
    const paths = document.paths as Record<string, Json>;
    expect(Object.keys(paths["/api/auth/sign-up/email"] ?? {})).toEqual(["post"]);
    expect(bodySchemaOf("/api/auth/sign-up/email", "post").required).toEqual(expect.arrayContaining(["name", "email", "password"]));
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-out", "/api/auth/request-password-reset", "/api/auth/reset-password"]) expect(paths[path], path).toBeDefined();
  });
});

describe("the description stays whole", () => {
  it("has every API route registered describe itself, or says here why not", () => {
    const undescribed = endpointsOf(t.routes)
      .filter((endpoint) => endpoint.pattern.startsWith("/api/") && !(endpoint.pattern in NOT_DESCRIBED) && !apiDocOf(endpoint.route))
      .map((endpoint) => `${endpoint.method} ${endpoint.pattern}`);
    expect(undescribed, "add config: { api: { summary, body/query/params } } to these routes (server/openapi/api-doc.ts)").toEqual([]);
  });

  it("describes each better-auth endpoint the product opens, or says why not, and none it keeps closed", () => {
    const described = new Set(AUTH_API.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    const open = AUTH_ENDPOINTS.filter((endpoint) => endpoint.use !== "disabled" && !(endpoint.path in UNDESCRIBED_AUTH_ENDPOINTS));
    expect(open.flatMap((endpoint) => endpoint.methods.map((method) => `${method} /api/auth${endpoint.path}`)).filter((key) => !described.has(key))).toEqual([]);
    expect(AUTH_API.filter((endpoint) => !isOpenAuthEndpoint(endpoint.method, endpoint.path.replace(/^\/api\/auth/, "")))).toEqual([]);
  });

  it("says who may call each route as the route itself answers: 401 to an anonymous caller unless public, 403 to a member when admin", async () => {
    const described = endpointsOf(t.routes).filter((endpoint) => apiDocOf(endpoint.route) && !isEventStream(endpoint));
    const wrong: string[] = [];
    for (const endpoint of described) {
      const access = accessOf(endpoint.route);
      const request = (cookie?: string) =>
        t.app.inject({
          method: endpoint.method as "GET",
          url: endpoint.url,
          headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
          ...(endpoint.method === "GET" || endpoint.method === "DELETE" ? {} : { payload: {} }),
        });
      const anonymous = (await request()).statusCode;
      if ((anonymous === 401) !== (access !== "public")) wrong.push(`${endpoint.method} ${endpoint.pattern}: documented ${access}, anonymous got ${anonymous}`);
      if (access === "admin" && (await request(memberSession)).statusCode !== 403) wrong.push(`${endpoint.method} ${endpoint.pattern}: documented admin, a member was not refused`);
    }
    expect(wrong).toEqual([]);
  });
});
