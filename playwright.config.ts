import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromiumPath } from "./e2e/chromium";
import { findFreePortBlock } from "./e2e/support/free-ports";

// One fresh data folder and three free ports (app, news feed, misconfigured app) per run, unless
// E2E_PORT is given; workers inherit both through the environment instead of choosing their own.
const dataDirectory = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "inventors-e2e-")));
process.env.E2E_PORT ??= String(await findFreePortBlock(3));
// Imported only now: these read E2E_PORT when they load.
const { E2E_ADMIN, E2E_BASE_URL, E2E_MISCONFIGURED_BASE_URL, E2E_MISCONFIGURED_PORT, E2E_PORT } = await import("./e2e/support/environment");
const { E2E_FEED_URL } = await import("./e2e/support/news-feed");
const executablePath = await resolveChromiumPath();

export default defineConfig({
  testDir: "e2e",
  workers: 1,
  // On CI (.ci/run sets CI) a failed test runs once more, so one slow moment of a shared machine does
  // not hold a landing back; npm test's summary lists every test that needed it as FLAKY, a bug to fix.
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  // The local RSS feed of the news page; the server only fetches it when a test opens that page.
  globalSetup: "./e2e/global-setup.ts",
  // Long journeys took over 45 s beside the API suites on a loaded 2-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace costs every action a DOM snapshot and a screenshot, passing or not (a third of the
    // wall time of a few journeys on a busy machine); E2E_TRACE=1 records them, kept for failed tests only.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // Each journey's fresh browser would install the service worker and fetch the whole app shell
    // beside it; the app's own journey (e2e/app-install.spec.ts) allows it.
    serviceWorkers: "block",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      // The web build (dist/web) is made beforehand by the test script; the server serves it.
      command: "node scripts/start.mjs",
      url: `${E2E_BASE_URL}/api/health`,
      timeout: 120_000,
      // Set E2E_REUSE_SERVER=1 to run against a server you started yourself on the same port.
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(E2E_PORT),
        // better-auth trusts only this origin; the browser and the API clients use 127.0.0.1.
        PUBLIC_URL: E2E_BASE_URL,
        DATA_DIR: dataDirectory,
        NODE_ENV: "test",
        ENABLE_TEST_LOGIN: "true",
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_NAME: E2E_ADMIN.name,
        SEED_DEMO: "false",
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? "./dist/web",
        AUTH_RATE_LIMIT_IP: "1000",
        AUTH_RATE_LIMIT_ACCOUNT: "1000",
        // Every account here is minutes old: counted as established, paying members' flags can hide posts.
        COMMUNITY_FLAG_TRUST_DAYS: "0",
        NEWS_FEED_URL: E2E_FEED_URL,
        NEWS_ALLOW_PRIVATE: "true",
      },
    },
    {
      // The same app with malformed Stripe keys: every page must show the configuration error page.
      command: "node scripts/start.mjs",
      url: `${E2E_MISCONFIGURED_BASE_URL}/api/health`,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "ignore",
      env: {
        PORT: String(E2E_MISCONFIGURED_PORT),
        PUBLIC_URL: E2E_MISCONFIGURED_BASE_URL,
        DATA_DIR: path.join(dataDirectory, "misconfigured"),
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        STRIPE_SECRET_KEY: "sk_test_",
        STRIPE_PUBLISHABLE_KEY: "not-a-publishable-key",
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? "./dist/web",
      },
    },
  ],
});
