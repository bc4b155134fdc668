import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, postJson, uniqueEmail, type TestApp } from "../test/build-test-app";

const APP_MARKER = '<div id="root"></div>';

function webBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), "web-dist-"));
  writeFileSync(path.join(dist, "index.html"), `<!doctype html><html><head><title>App</title></head><body>${APP_MARKER}</body></html>`);
  return dist;
}

/** A post to our own API and one to better-auth's, both from `origin`. */
async function writeFrom(t: TestApp, origin: string) {
  const ours = await postJson(t.app, "/api/community/posts", { content: "hello" }, { origin });
  const theirs = await postJson(t.app, "/api/auth/sign-up/email", { name: "Loop Back", email: uniqueEmail("loopback"), password: "secret12" }, { origin });
  return { ours: ours.statusCode, theirs: theirs.statusCode, theirsBody: theirs.body };
}

describe("HEAD on page routes (uptime monitors)", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ WEB_DIST_DIR: webBuild() });
    // Over a real socket: HEAD's empty body is Node's doing, which inject() does not imitate.
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  const request = (method: "GET" | "HEAD", url: string) => fetch(`${base}${url}`, { method, redirect: "manual" });

  it("answers like GET, without a body, for the home page, a public page, a members page and /api/health", async () => {
    for (const url of ["/", "/about", "/members/training", "/admin", "/api/health"]) {
      const get = await request("GET", url);
      const head = await request("HEAD", url);
      expect(head.status, url).toBe(200);
      expect(head.status, url).toBe(get.status);
      expect(head.headers.get("content-type"), url).toBe(get.headers.get("content-type"));
      expect(head.headers.get("content-length"), url).toBe(String((await get.arrayBuffer()).byteLength));
      expect((await head.arrayBuffer()).byteLength, url).toBe(0);
    }
  });

  it("answers like GET for an address that is no page (the redirect to /)", async () => {
    const head = await request("HEAD", "/no-such-page");
    expect(head.status).toBe(302);
    expect(head.headers.get("location")).toBe("/");
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent on pages and API answers when PUBLIC_URL is https", async () => {
    const t = await buildTestApp({ PUBLIC_URL: "https://community.example.com", WEB_DIST_DIR: webBuild() });
    try {
      for (const url of ["/", "/api/health", "/api/nothing-here"]) {
        const response = await t.app.inject({ url });
        expect(response.headers["strict-transport-security"], url).toBe("max-age=31536000; includeSubDomains");
      }
    } finally {
      await t.close();
    }
  });

  it("is not sent when PUBLIC_URL is plain http (a browser would ignore it, and a local setup must not be pinned to https)", async () => {
    const t = await buildTestApp();
    try {
      expect((await t.app.inject({ url: "/api/health" })).headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe("loopback names with the default PUBLIC_URL", () => {
  it("accepts writes from http://127.0.0.1 and http://[::1] on the same port as from http://localhost", async () => {
    const t = await buildTestApp({ PUBLIC_URL: "", NODE_ENV: "development", PORT: "3000" });
    try {
      for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
        const result = await writeFrom(t, origin);
        // Past the origin check: our API asks for a session, better-auth creates the account.
        expect(result.ours, origin).toBe(401);
        expect(result.theirs, `${origin} ${result.theirsBody}`).toBe(200);
      }
    } finally {
      await t.close();
    }
  });

  it("still refuses another port and another host", async () => {
    const t = await buildTestApp({ PUBLIC_URL: "", NODE_ENV: "development", PORT: "3000" });
    try {
      for (const origin of ["http://127.0.0.1:3001", "http://evil.example", "http://localhost.evil.example:3000"]) {
        const result = await writeFrom(t, origin);
        expect(result.ours, origin).toBe(403);
        expect(result.theirs, origin).toBe(403);
      }
    } finally {
      await t.close();
    }
  });

  it("accepts only the configured origin when PUBLIC_URL is set", async () => {
    const t = await buildTestApp({ PUBLIC_URL: "https://community.example.com", NODE_ENV: "production", AUTH_SECRET: "" });
    try {
      for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000"]) {
        const result = await writeFrom(t, origin);
        expect(result.ours, origin).toBe(403);
        expect(result.theirs, origin).toBe(403);
      }
      expect((await writeFrom(t, "https://community.example.com")).ours).toBe(401);
    } finally {
      await t.close();
    }
  });
});
