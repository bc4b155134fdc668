import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../common/contracts/auth";
import { buildTestApp, memberCookie, postJson, uniqueEmail, type TestApp } from "../test/build-test-app";
import { users } from "./auth.table";
import { AUTH_ENDPOINTS } from "./auth-endpoints";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface LibraryEndpoint {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
}

/** What better-auth itself routes under /api/auth: every endpoint of `auth.api` that has a path. */
function mountedByLibrary(): Array<{ path: string; methods: string[] }> {
  return Object.values(t.auth.api as unknown as Record<string, LibraryEndpoint>).flatMap((endpoint) => {
    if (!endpoint.path) return [];
    const method = endpoint.options?.method ?? "GET";
    return [{ path: endpoint.path, methods: Array.isArray(method) ? method : [method] }];
  });
}

/** The table in server/auth/README.md: `| \`/path\` | METHODS | use | why |`. */
function readmeTable(): Array<{ path: string; methods: string[]; use: string }> {
  const readme = readFileSync(path.join(import.meta.dirname, "README.md"), "utf8");
  return [...readme.matchAll(/^\| `(\/[^`]*)` \| ([A-Z, ]+) \| (in use|guarded|disabled) \|/gm)].map((match) => ({
    path: match[1] ?? "",
    methods: (match[2] ?? "").split(",").map((method) => method.trim()),
    use: match[3] ?? "",
  }));
}

const sorted = (paths: string[]) => [...paths].sort();

describe("the endpoints better-auth mounts under /api/auth", () => {
  it("are exactly the ones the product has decided about, and the README lists the same decisions", () => {
    const mounted = mountedByLibrary();
    expect(sorted(mounted.map((endpoint) => endpoint.path))).toEqual(sorted(AUTH_ENDPOINTS.map((endpoint) => endpoint.path)));
    for (const endpoint of AUTH_ENDPOINTS) {
      const library = mounted.find((candidate) => candidate.path === endpoint.path);
      for (const method of endpoint.methods) expect(library?.methods, endpoint.path).toContain(method);
    }
    // Endpoints without a path are callable from server code only, never over HTTP.
    const pathless = Object.values(t.auth.api as unknown as Record<string, LibraryEndpoint>).filter((endpoint) => !endpoint.path);
    for (const endpoint of pathless) expect(endpoint.options?.metadata?.SERVER_ONLY).toBe(true);

    expect(readmeTable()).toEqual(AUTH_ENDPOINTS.map((endpoint) => ({ path: endpoint.path, methods: [...endpoint.methods], use: endpoint.use })));
  });

  it("answers 404 to every disabled one, even with a member's session", async () => {
    const member = await memberCookie(t, "free");
    const disabled = AUTH_ENDPOINTS.filter((endpoint) => endpoint.use === "disabled");
    expect(disabled.map((endpoint) => endpoint.path)).toEqual(expect.arrayContaining(["/update-user", "/change-email", "/delete-user", "/list-accounts", "/unlink-account"]));
    for (const endpoint of disabled) {
      for (const method of endpoint.methods) {
        const url = `/api/auth${endpoint.path.replace(/:\w+/g, "x")}`;
        const response = await t.app.inject({ method, url, headers: { origin: "http://localhost:3000", cookie: member.cookie }, ...(method === "POST" ? { payload: {} } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });

  it("keeps a member's name and picture out of reach of the library's user update", async () => {
    const member = await memberCookie(t, "free", "Plain Name");
    const response = await postJson(t.app, "/api/auth/update-user", { image: "javascript:alert(1)", name: "x".repeat(10_000) }, { cookie: member.cookie });
    expect(response.statusCode).toBe(404);
    const me = (await t.app.inject({ url: "/api/me", headers: { cookie: member.cookie } })).json().user;
    expect(me).toMatchObject({ name: "Plain Name", profilePicture: null });
  });

  it("refuses a script picture and a 10,000-character name at sign-up, the guarded door that takes them", async () => {
    const scripted = uniqueEmail("scripted");
    const badImage = await postJson(t.app, "/api/auth/sign-up/email", { name: "Mallory", email: scripted, password: "secret1", image: "javascript:alert(1)" });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().message).toBe(AUTH_MESSAGES.profilePictureInvalid);

    const long = uniqueEmail("long");
    const longName = await postJson(t.app, "/api/auth/sign-up/email", { name: "x".repeat(10_000), email: long, password: "secret1" });
    expect(longName.statusCode).toBe(400);

    const created = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, scripted));
    expect(created).toHaveLength(0);
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, long))).toHaveLength(0);
  });

  it("answers 404 to paths that only look like an endpoint in use", async () => {
    for (const url of ["/api/auth/sign-in/email/", "/api/auth/Sign-In/email", "/api/auth/callback/", "/api/auth/nothing-here"]) {
      const response = await postJson(t.app, url, { email: "a@example.com", password: "secret1" });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
