import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY_CLICKS_SCRIPT } from "../../common/early-clicks";
import { mastermindSessions } from "../features/sessions/sessions.table";
import { buildTestApp, memberCookie, type TestApp } from "../test/build-test-app";

/**
 * A stand-in for the built renderer (web/entry-server.tsx → <dist>-ssr/entry-server.js): it writes
 * the address and the visitor it was given, so the test sees what the server rendered for whom.
 * The browser test (e2e/prerendered-pages.spec.ts) runs the real one.
 */
const RENDERER = `
let slowRenders = 0;
export async function renderPage(url, state, signal) {
  if (url.startsWith("/contact")) throw new Error("this page breaks");
  // As React does when its time is up: the page so far, loading placeholders where text belongs.
  if (url.startsWith("/brands") && slowRenders++ === 0) {
    await new Promise((resolve) => signal.addEventListener("abort", resolve));
    return "<main>loading</main>";
  }
  return "<main>rendered " + url + " for " + (state.viewer ? state.viewer.email : "a visitor") + "</main>";
}`;

let t: TestApp;
beforeAll(async () => {
  const dist = path.join(mkdtempSync(path.join(tmpdir(), "web-render-")), "web");
  mkdirSync(dist);
  mkdirSync(`${dist}-ssr`);
  writeFileSync(path.join(dist, "index.html"), `<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>`);
  writeFileSync(path.join(`${dist}-ssr`, "entry-server.js"), RENDERER);
  t = await buildTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** The JSON the page hands to the app for hydration. */
function pageState(body: string): { viewer: { email: string } | null; config: { contact: unknown }; masterminds?: unknown } {
  const json = /<script id="page-state" type="application\/json">([^<]*)<\/script>/.exec(body)?.[1];
  if (!json) throw new Error("no page state in the page");
  return JSON.parse(json);
}

describe("public pages rendered on the server", () => {
  it("carry the page's content and the state it was rendered from, for a visitor", async () => {
    const response = await get("/about");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"><main>rendered /about for a visitor</main></div>');
    expect(pageState(response.body)).toMatchObject({ viewer: null, config: { contact: expect.any(Object) } });
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    expect(response.headers.vary).toBe("Cookie, Accept-Encoding");
    // The page's own head is still there.
    expect(response.body).toContain('<link rel="canonical" href="http://localhost:3000/about" />');
  });

  it("hold clicks made before the app runs with the one inline script, which the page's policy allows by its hash", async () => {
    const response = await get("/about");
    const inline = [...response.body.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1] ?? "");
    expect(inline).toEqual([EARLY_CLICKS_SCRIPT]);
    const scriptPolicy = String(response.headers["content-security-policy"]).split("; ").find((directive) => directive.startsWith("script-src "));
    expect(scriptPolicy).toBe(`script-src 'self' 'sha256-${createHash("sha256").update(inline[0] ?? "").digest("base64")}'`);
  });

  it("are rendered for the signed-in member, and never handed to anyone else", async () => {
    const member = await memberCookie(t, "inventor");
    const theirs = await get("/about", { cookie: member.cookie });
    expect(theirs.body).toContain(`rendered /about for ${member.email}`);
    expect(pageState(theirs.body).viewer).toMatchObject({ email: member.email, membershipTier: "inventor" });

    const visitor = await get("/about");
    expect(visitor.body).toContain("rendered /about for a visitor");
    expect(visitor.body).not.toContain(member.email);
    const forged = await get("/about", { cookie: `${member.cookie.split("=")[0]}=forged.token` });
    expect(forged.body).not.toContain(member.email);
  });

  it("keep the query, which a page may read in its first render", async () => {
    expect((await get("/?ref=ABC123")).body).toContain("rendered /?ref=ABC123 for a visitor");
  });

  it("leave private areas and unknown spellings to the browser", async () => {
    for (const url of ["/members", "/members/community", "/admin/users", "/checkout/inventor", "/reset-password", "/About"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain("page-state");
    }
  });

  it("send the empty app when rendering fails, and say nothing of the error", async () => {
    const response = await get("/contact");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain("breaks");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("send the empty app when the render runs out of time, and render the page again for the next visitor", async () => {
    const cut = await get("/brands");
    expect(cut.body).toContain('<div id="root"></div>');
    expect(cut.body).not.toContain("loading");
    expect((await get("/brands")).body).toContain("rendered /brands for a visitor");
  });

  it("go out compressed as the browser accepts, with the same bytes inside", async () => {
    const plain = (await get("/services")).body;
    const brotli = await get("/services", { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain);
    const gzip = await get("/services", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it("escape the state so that no text in it can end the script element", async () => {
    const member = await memberCookie(t, "free", "</script><script>alert(1)</script>");
    const response = await get("/about", { cookie: member.cookie });
    expect(response.body).not.toContain("</script><script>alert(1)");
    expect(pageState(response.body).viewer).toMatchObject({ email: member.email });
    expect(response.body).toContain("\\u003c/script>");
  });

  it("render /mastermind with the programme as GET /api/masterminds answers the same visitor, recording links only for those it opens to", async () => {
    await t.database.db.insert(mastermindSessions).values({
      title: "Pricing for retail",
      tier: "inventor",
      date: "2024-03-01",
      isPast: true,
      time: "10:00 AM-12:00 PM ET",
      location: "Live video call",
      description: "How buyers read a price sheet.",
      facilitator: "Founder & Community Host",
      participants: 24,
      recordingUrl: "https://video.example/pricing",
    });
    const brandCeo = await memberCookie(t, "brand-ceo");
    for (const cookie of [undefined, brandCeo.cookie]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const api = await t.app.inject({ url: "/api/masterminds", headers });
      expect(pageState((await get("/mastermind", headers)).body).masterminds).toEqual(api.json());
    }
    const forVisitor = (await get("/mastermind")).body;
    expect(forVisitor).toContain("Pricing for retail");
    expect(forVisitor).not.toContain("https://video.example/pricing");
    expect((await get("/mastermind", { cookie: brandCeo.cookie })).body).toContain("https://video.example/pricing");
    expect((await get("/about")).body).not.toContain("Pricing for retail");
  });
});
