import { appendFileSync, cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, request, test, type Page } from "@playwright/test";
import { ownServer, type OwnServer } from "./support/own-server";

/**
 * The installable app on a server of its own, serving its own copy of the build: the test deploys a
 * new service worker into that copy without touching the other journeys' server.
 */
const ADMIN = { email: "app-admin@e2e.test", password: "App-admin-Pass1", name: "App Admin" };
const screenshotDir = process.env.SCREENSHOT_DIR;

test.use({ serviceWorkers: "allow" });

let server: OwnServer;
let webDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  webDir = mkdtempSync(path.join(os.tmpdir(), "inventors-app-web-"));
  cpSync(process.env.WEB_DIST_DIR ?? "./dist/web", webDir, { recursive: true });
  server = await ownServer("app-install", ADMIN, { WEB_DIST_DIR: webDir });
  await server.start();
});

test.afterAll(async () => {
  await server.stop("SIGTERM");
});

async function openWithWorker(page: Page, address: string): Promise<void> {
  await page.goto(`${server.baseUrl}${address}`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
}

test("is installable, named after the community, works offline and offers a new version", async ({ page, context }) => {
  await openWithWorker(page, "/about");
  const session = await context.newCDPSession(page);
  const { installabilityErrors } = (await session.send("Page.getInstallabilityErrors")) as { installabilityErrors: Array<{ errorId: string }> };
  expect(installabilityErrors).toEqual([]);
  // Checked at every visit, so a deploy reaches installed apps at once.
  expect((await page.request.get(`${server.baseUrl}/sw.js`)).headers()["cache-control"]).toBe("no-cache");

  const admin = await request.newContext({ baseURL: server.baseUrl, extraHTTPHeaders: { Origin: server.baseUrl } });
  expect((await admin.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password } })).ok()).toBe(true);
  const settings = { communityName: "Garage Makers Guild", notificationEmail: "", allowRegistration: true, requireApproval: false, defaultTier: "inventor" };
  expect((await admin.put("/api/admin/settings", { data: settings })).ok()).toBe(true);
  const manifest = await (await page.request.get(`${server.baseUrl}/manifest.webmanifest`)).json();
  expect(manifest).toMatchObject({ name: "Garage Makers Guild", short_name: "Garage", start_url: "/members", display: "standalone" });
  await admin.dispose();

  // Reloaded once controlled, the public page is kept; with the server gone, it comes from the device.
  // (The server is stopped rather than the browser set offline: Chromium's offline mode does not reach
  // a service worker's own requests.)
  await page.reload();
  await expect.poll(() => page.evaluate(async () => Boolean(await (await caches.open("public-pages")).match("/about")))).toBe(true);
  await server.stop("SIGTERM");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("You're offline");
  await page.goto(`${server.baseUrl}/members/community`);
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/offline-${width}.png` });
  }
  await server.start();

  // A deploy: the worker's file changes. The open page offers the new version and waits for the member.
  await openWithWorker(page, "/about");
  appendFileSync(path.join(webDir, "sw.js"), "\n// the next deploy\n");
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
  const prompt = page.getByRole("status").filter({ hasText: "A new version is available." });
  await expect(prompt).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting)))).toBe(true);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/update-prompt-${width}.png` });
  }
  await prompt.getByRole("button", { name: "Reload" }).click();
  await page.waitForEvent("load");
  await expect(prompt).toBeHidden();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting ?? null))).toBeNull();
});
