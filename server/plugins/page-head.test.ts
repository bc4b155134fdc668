import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coursePublicPage } from "../../common/marketing/course-pages";
import { COURSES } from "../../common/marketing/courses";
import { PUBLIC_PAGES } from "../../common/marketing/public-pages";
import { buildTestApp, type TestApp } from "../test/build-test-app";

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta
  name="description"
  content="generic"
/>
<title>Generic</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "web-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), TEMPLATE);
  writeFileSync(path.join(dist, "assets", "app.js"), "console.log('app')");
  writeFileSync(path.join(dist, "assets", "app.js.br"), brotliCompressSync("console.log('app')"));
  t = await buildTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

describe("pages as crawlers see them", () => {
  it.each(PUBLIC_PAGES.map((page) => [page.path, page] as const))("sends %s with its own title, description and Open Graph tags", async (pagePath, page) => {
    const response = await t.app.inject({ url: pagePath });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const escaped = (text: string) => text.replace(/&/g, "&#38;").replace(/'/g, "&#39;").replace(/"/g, "&#34;");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escaped(page.title)}</title>`);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<meta name="description" content="${escaped(page.description)}" />`);
    expect(html).toContain(`<meta property="og:title" content="${escaped(page.title)}" />`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${pagePath}" />`);
    expect(html).not.toContain("noindex");
  });

  it("sends a course page with the course's own title", async () => {
    const course = COURSES[0];
    if (!course) throw new Error("no courses");
    const html = (await t.app.inject({ url: `/university/course/${course.id}` })).body;
    expect(html).toContain(`<title>${coursePublicPage(course).title.replace(/&/g, "&#38;").replace(/'/g, "&#39;")}</title>`);
  });

  it("gives every public page a distinct title and description", () => {
    expect(new Set(PUBLIC_PAGES.map((page) => page.title)).size).toBe(PUBLIC_PAGES.length);
    expect(new Set(PUBLIC_PAGES.map((page) => page.description)).size).toBe(PUBLIC_PAGES.length);
  });

  it("marks members and admin pages noindex and serves assets precompressed with long caching", async () => {
    const members = await t.app.inject({ url: "/members/training" });
    expect(members.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    const asset = await t.app.inject({ url: "/assets/app.js" });
    expect(asset.headers["cache-control"]).toContain("immutable");
    const compressed = await t.app.inject({ url: "/assets/app.js", headers: { "accept-encoding": "br, gzip" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe("console.log('app')");
  });

  it("publishes robots.txt and a sitemap of the public pages and course pages", async () => {
    const robots = await t.app.inject({ url: "/robots.txt" });
    expect(robots.body).toContain("Disallow: /members");
    expect(robots.body).toContain("Disallow: /api/");
    expect(robots.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    const sitemap = await t.app.inject({ url: "/sitemap.xml" });
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    for (const page of PUBLIC_PAGES) expect(sitemap.body).toContain(`<loc>http://localhost:3000${page.path}</loc>`);
    expect(sitemap.body).toMatch(/<loc>http:\/\/localhost:3000\/university\/course\/[a-z0-9-]+<\/loc>/);
    expect(sitemap.body).not.toContain("/members");
  });
});
