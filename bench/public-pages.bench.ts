// The home page as a phone sees it: gzipped first-load JavaScript from the build, and Lighthouse
// performance and accessibility scores at Lighthouse's mobile profile, in the tests' Chromium.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, resolveChromiumPath } from "../e2e/chromium";
import { firstLoadJavaScript } from "../scripts/first-load-size";
import { startProductionServer, stopServer } from "./server";

const DIST = "dist/web";
const PORT = 3212;

export async function benchHomePage(): Promise<void> {
  const { bytes, files } = firstLoadJavaScript(DIST);
  console.log(`\nHome page (${DIST})`);
  console.log(`  first-load JavaScript  ${(bytes / 1024).toFixed(1)} kB gzipped in ${files} file(s) (target: at most 100 kB)`);

  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-lh-"));
  const server = await startProductionServer(PORT, { DATA_DIR: dataDir });
  const chrome = await chromeLauncher.launch({ chromePath: await resolveChromiumPath(), chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(`http://127.0.0.1:${PORT}/`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
    const categories = result?.lhr.categories;
    const score = (key: "performance" | "accessibility") => Math.round((categories?.[key]?.score ?? 0) * 100);
    const audits = result?.lhr.audits;
    console.log(`  Lighthouse (mobile)    performance ${score("performance")}, accessibility ${score("accessibility")} (target: 95 or more)`);
    console.log(`  LCP ${audits?.["largest-contentful-paint"]?.displayValue}, TBT ${audits?.["total-blocking-time"]?.displayValue}, CLS ${audits?.["cumulative-layout-shift"]?.displayValue}`);
  } finally {
    chrome.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
