import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROOT, ADMIN_SECTION_ROUTES, MARKETING_ROUTES, MEMBER_ADMIN_ROUTES, MEMBER_SECTION_ROUTES, MEMBERS_ROOT } from "../../common/web-routes";
import { buildTestApp, type TestApp } from "../test/build-test-app";

const APP_MARKER = '<div id="root"></div>';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "web-dist-"));
  mkdirSync(path.join(dist, "assets"));
  const html = `<!doctype html><html><head><title>App</title></head><body>${APP_MARKER}</body></html>`;
  writeFileSync(path.join(dist, "index.html"), html);
  // As the build precompresses them: the copy served is then index.html.br.
  writeFileSync(path.join(dist, "index.html.br"), brotliCompressSync(html));
  writeFileSync(path.join(dist, "assets", "app.js"), "console.log('app')");
  writeFileSync(path.join(dist, "assets", "app.css"), "body{margin:0}");
  mkdirSync(path.join(dist, "images"));
  writeFileSync(path.join(dist, "images", "hero.webp"), "RIFF");
  writeFileSync(path.join(dist, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(path.join(dist, "offline.html"), "<!doctype html><title>You're offline</title>");
  t = await buildTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

describe("what answers an address", () => {
  it("sends the app for every page of the shared route table, spelled as react-router accepts it", async () => {
    const pages = [
      "/",
      ...MARKETING_ROUTES.map((route) => route.replace(/:[A-Za-z]+/g, "sample")),
      MEMBERS_ROOT,
      ...MEMBER_SECTION_ROUTES.map((section) => `${MEMBERS_ROOT}/${section}`),
      ...MEMBER_ADMIN_ROUTES.map((section) => `${MEMBERS_ROOT}/${section}`),
      ADMIN_ROOT,
      ...ADMIN_SECTION_ROUTES.map((section) => `${ADMIN_ROOT}/${section}`),
      "/about/",
      "/About",
      "/auth/callback?error=access_denied",
    ];
    for (const url of pages) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toContain("text/html");
      expect(response.body, url).toContain(APP_MARKER);
    }
  });

  it("redirects an address that is no page to /", async () => {
    for (const url of ["/this-page-does-not-exist", "/members/nope", "/members/messages/1/more", "/admin/nope", "/university/course", "/about/team", "/inventors/x?y=1"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe("/");
    }
  });

  it("answers 404 without the app for a missing file, under /assets/ or anywhere with an extension", async () => {
    expect((await get("/assets/app.js")).statusCode).toBe(200);
    for (const url of ["/assets/nonexistent.js", "/assets/old-chunk-1a2b3c.css", "/assets/folder", "/favicon-old.ico", "/members/training.png", "/wp-login.php"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain(APP_MARKER);
    }
  });

  it("answers 404 in the API's shape for any spelling of an API address that reaches nothing", async () => {
    for (const url of ["/api/nothing", "/API/nothing", "/%61pi/nothing", "/api"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe("NOT_FOUND");
    }
  });

  it("turns off camera, microphone and geolocation and isolates the window, on pages and API answers alike", async () => {
    for (const url of ["/", "/api/config", "/assets/nonexistent.js"]) {
      const response = await get(url);
      expect(response.headers["permissions-policy"], url).toBe("camera=(), microphone=(), geolocation=()");
      expect(response.headers["cross-origin-opener-policy"], url).toBe("same-origin");
    }
  });

  it("sends the page policies with pages and API answers, and only nosniff, CORP and caching with the build's scripts, stylesheets and images", async () => {
    const pagePolicies = ["content-security-policy", "x-frame-options", "referrer-policy", "permissions-policy", "cross-origin-opener-policy"];
    for (const url of ["/", "/about", "/index.html", "/favicon.svg", "/api/config", "/assets/nonexistent.js"]) {
      const response = await get(url);
      for (const header of [...pagePolicies, "x-content-type-options", "cross-origin-resource-policy"]) expect(response.headers[header], `${url} ${header}`).toBeDefined();
    }
    const compressedPage = await t.app.inject({ url: "/index.html", headers: { "accept-encoding": "br" } });
    expect(compressedPage.headers["content-encoding"]).toBe("br");
    expect(compressedPage.headers["content-security-policy"]).toBeDefined();
    for (const url of ["/assets/app.js", "/assets/app.css", "/images/hero.webp"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      expect(response.headers["cache-control"], url).toMatch(/^public, max-age=\d+/);
      for (const header of pagePolicies) expect(response.headers[header], `${url} ${header}`).toBeUndefined();
    }
  });

  it("serves the service worker to be checked at every visit and bound by the page policies, and the offline page it keeps", async () => {
    const worker = await get("/sw.js");
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toContain("javascript");
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const policy = String(worker.headers["content-security-policy"]).split("; ");
    expect(policy).toEqual(expect.arrayContaining(["connect-src 'self'", "worker-src 'self'", "manifest-src 'self'"]));
    const offline = await get("/offline.html");
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toContain("You're offline");
  });
});
