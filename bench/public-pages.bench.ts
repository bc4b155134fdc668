// npm run bench: every public page as a phone sees it, with Lighthouse at its mobile profile (simulated
// slow 4G, 4x CPU slowdown) in the tests' Chromium, offline, against the production server and the
// web build as npm start makes it (dist/web and its renderer dist/web-ssr, rebuilt if the sources
// changed). Per page: the four category scores, LCP and its element, FCP, TBT, CLS, and the
// JavaScript fetched before the page went idle (every script, not only the entry: bytes on the wire,
// response headers included). Goals (issue 14): every score ≥ 95, LCP ≤ 2 s, home's JavaScript ≤ 100 kB.
// Each page is asked for once before Lighthouse runs, so it measures the cached page (the cold render's
// time is printed). BENCH_WEB_DIST_DIR measures another build as it is (no rebuild), BENCH_PAGES=/,/about only those
// pages, BENCH_LIGHTHOUSE_DIR keeps each page's Lighthouse report (JSON) there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { coursePublicPage } from "../common/marketing/course-pages";
import { COURSES } from "../common/marketing/courses";
import { PUBLIC_PAGES } from "../common/marketing/public-pages";
import { CHROMIUM_ARGS, resolveChromiumPath } from "../e2e/chromium";
import { firstLoadJavaScript } from "../scripts/first-load-size";
import { buildWebAppIfChanged } from "../scripts/web-build";
import { startProductionServer, stopServer } from "./server";

const DIST = process.env.BENCH_WEB_DIST_DIR ?? "dist/web";
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_DIR;
const PORT = 3212;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const GOAL_SCORE = 95;
const GOAL_LCP_MS = 2000;
const GOAL_HOME_JS_KB = 100;

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

/** Scripts fetched before idle: their bytes on the wire (Lighthouse's count, response headers included) and how many. */
function scriptBytes(requests: NetworkRequest[]): { wire: number; files: number } {
  const scripts = requests.filter((request) => request.resourceType === "Script");
  return { wire: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0), files: scripts.length };
}

/** The page's largest contentful paint element, as Lighthouse names it (a selector and a text snippet). */
function lcpElement(details: unknown): string {
  const items = (details as { items?: Array<{ items?: Array<{ node?: { selector?: string; snippet?: string } }> }> } | undefined)?.items ?? [];
  const node = items[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? ""} ${node.snippet?.slice(0, 80) ?? ""}`.trim() : "?";
}

export async function benchPublicPages(): Promise<void> {
  if (!process.env.BENCH_WEB_DIST_DIR) await buildWebAppIfChanged();
  const { bytes, files } = firstLoadJavaScript(DIST);
  console.log(`\nPublic pages (${DIST}), Lighthouse mobile`);
  console.log(`  home's entry script and its preloads: ${(bytes / 1024).toFixed(1)} kB gzipped in ${files} file(s)`);

  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-lh-"));
  const server = await startProductionServer(PORT, { DATA_DIR: dataDir, WEB_DIST_DIR: DIST });
  const chrome = await chromeLauncher.launch({ chromePath: await resolveChromiumPath(), chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  const allPages = [...PUBLIC_PAGES.map((page) => page.path), ...COURSES.slice(0, 1).map((course) => coursePublicPage(course).path)];
  const chosen = process.env.BENCH_PAGES?.split(",");
  const pages = chosen ? allPages.filter((page) => chosen.includes(page)) : allPages;
  if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
  try {
    for (const page of pages) {
      // Lighthouse gets the page as every visitor after the first does: rendered once per page and
      // visitor state, then served from the server's cache. The first, cold render is timed here.
      const started = performance.now();
      await (await fetch(`http://127.0.0.1:${PORT}${page}`, { headers: { "accept-encoding": "br" } })).arrayBuffer();
      const coldMs = performance.now() - started;
      const result = await lighthouse(`http://127.0.0.1:${PORT}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
      const lhr = result?.lhr;
      const scores = CATEGORIES.map((key) => Math.round((lhr?.categories[key]?.score ?? 0) * 100));
      const audit = (id: string) => lhr?.audits[id];
      const lcp = audit("largest-contentful-paint")?.numericValue ?? Number.POSITIVE_INFINITY;
      const requests = ((audit("network-requests")?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []);
      const js = scriptBytes(requests);
      const met = scores.every((score) => score >= GOAL_SCORE) && lcp <= GOAL_LCP_MS && (page !== "/" || js.wire / 1024 <= GOAL_HOME_JS_KB);
      console.log(
        `  ${page.padEnd(44)} perf ${scores[0]}  a11y ${scores[1]}  best ${scores[2]}  seo ${scores[3]}  LCP ${audit("largest-contentful-paint")?.displayValue}  FCP ${audit("first-contentful-paint")?.displayValue}  TBT ${audit("total-blocking-time")?.displayValue}  CLS ${audit("cumulative-layout-shift")?.displayValue}  JS ${(js.wire / 1024).toFixed(1)} kB in ${js.files} files  ${met ? "(goals met)" : "(goal missed)"}`,
      );
      console.log(`    first render on the server ${coldMs.toFixed(0)} ms, then ${audit("server-response-time")?.displayValue}; LCP element: ${lcpElement(audit("largest-contentful-paint-element")?.details)}`);
      if (REPORT_DIR && result) writeFileSync(path.join(REPORT_DIR, `${page.replaceAll("/", "_")}.json`), result.report as string);
    }
  } finally {
    chrome.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("public-pages.bench.ts")) await benchPublicPages();
