// npm run bench: every public page as a phone sees it, with Lighthouse at its mobile profile (simulated
// slow 4G, 4x CPU slowdown) in the tests' Chromium, offline, against the production server and the
// web build as npm start makes it (dist/web and its renderer dist/web-ssr, rebuilt if the sources
// changed). Per page: the four
// category scores, LCP, FCP, TBT, CLS, and the JavaScript fetched before the page went idle (gzipped
// bytes on the wire, every script, not only the entry). Goals (issue 14): every score ≥ 95, LCP ≤ 2 s,
// home's JavaScript ≤ 100 kB.
import { mkdtempSync, rmSync } from "node:fs";
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

const DIST = "dist/web";
const PORT = 3212;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const GOAL_SCORE = 95;
const GOAL_LCP_MS = 2000;
const GOAL_HOME_JS_KB = 100;

interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
}

export async function benchPublicPages(): Promise<void> {
  await buildWebAppIfChanged();
  const { bytes, files } = firstLoadJavaScript(DIST);
  console.log(`\nPublic pages (${DIST}), Lighthouse mobile`);
  console.log(`  home's entry script and its preloads: ${(bytes / 1024).toFixed(1)} kB gzipped in ${files} file(s)`);

  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-lh-"));
  const server = await startProductionServer(PORT, { DATA_DIR: dataDir, WEB_DIST_DIR: DIST });
  const chrome = await chromeLauncher.launch({ chromePath: await resolveChromiumPath(), chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  const pages = [...PUBLIC_PAGES.map((page) => page.path), ...COURSES.slice(0, 1).map((course) => coursePublicPage(course).path)];
  try {
    for (const page of pages) {
      const result = await lighthouse(`http://127.0.0.1:${PORT}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
      const lhr = result?.lhr;
      const scores = CATEGORIES.map((key) => Math.round((lhr?.categories[key]?.score ?? 0) * 100));
      const audit = (id: string) => lhr?.audits[id];
      const lcp = audit("largest-contentful-paint")?.numericValue ?? Number.POSITIVE_INFINITY;
      const items = ((audit("resource-summary")?.details as { items?: ResourceSummaryItem[] } | undefined)?.items ?? []);
      const scriptKb = (items.find((item) => item.resourceType === "script")?.transferSize ?? 0) / 1024;
      const met = scores.every((score) => score >= GOAL_SCORE) && lcp <= GOAL_LCP_MS && (page !== "/" || scriptKb <= GOAL_HOME_JS_KB);
      console.log(
        `  ${page.padEnd(44)} perf ${scores[0]}  a11y ${scores[1]}  best ${scores[2]}  seo ${scores[3]}  LCP ${audit("largest-contentful-paint")?.displayValue}  FCP ${audit("first-contentful-paint")?.displayValue}  TBT ${audit("total-blocking-time")?.displayValue}  CLS ${audit("cumulative-layout-shift")?.displayValue}  JS ${scriptKb.toFixed(1)} kB  ${met ? "(goals met)" : "(goal missed)"}`,
      );
    }
  } finally {
    chrome.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("public-pages.bench.ts")) await benchPublicPages();
