import { appendFileSync, cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page, type Route } from "@playwright/test";
import { APP_INSTALL_MESSAGES } from "../web/features/app-install/messages";
import { ownServer, type OwnServer } from "./support/own-server";

/**
 * The installable app on a server of its own, serving its own copy of the build: the test deploys a
 * new service worker into that copy without touching the other journeys' server.
 */
const ADMIN = { email: "app-admin@e2e.test", password: "App-admin-Pass1", name: "App Admin" };
const OFFLINE_HEADING = "You're offline";
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

/** Opens a page and waits until the service worker controls it (at the first visit too). */
async function openControlled(page: Page, address: string): Promise<void> {
  await page.goto(`${server.baseUrl}${address}`);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function signInAsAdmin(page: Page): Promise<void> {
  const response = await page.request.post(`${server.baseUrl}/api/auth/sign-in/email`, { data: { email: ADMIN.email, password: ADMIN.password }, headers: { Origin: server.baseUrl } });
  expect(response.ok()).toBe(true);
}

/** Every address the service worker keeps on the device, in any of its caches. */
function keptAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const kept: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) kept.push(new URL(request.url).pathname);
    return kept;
  });
}

/** Chromium's offline mode leaves the service worker's own requests alone: those are refused here. */
async function refuseServiceWorkerRequests(route: Route): Promise<void> {
  if (route.request().serviceWorker()) await route.abort("internetdisconnected");
  else await route.fallback();
}

async function setOffline(context: BrowserContext, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  if (offline) await context.route("**", refuseServiceWorkerRequests);
  else await context.unroute("**", refuseServiceWorkerRequests);
}

async function screenshotAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/${name}-${width}.png` });
  }
}

test("passes Chromium's installability check and takes the community name an admin sets", async ({ page }) => {
  await openControlled(page, "/about");
  const session = await page.context().newCDPSession(page);
  // The check behind Lighthouse's installability audit: manifest, icons, start URL, service worker.
  const { installabilityErrors } = (await session.send("Page.getInstallabilityErrors")) as { installabilityErrors: Array<{ errorId: string }> };
  expect(installabilityErrors).toEqual([]);

  await signInAsAdmin(page);
  const settings = await (await page.request.get(`${server.baseUrl}/api/admin/settings`)).json();
  const renamed = await page.request.put(`${server.baseUrl}/api/admin/settings`, { data: { ...settings, communityName: "Garage Makers Guild" }, headers: { Origin: server.baseUrl } });
  expect(renamed.ok()).toBe(true);
  // The manifest the browser itself reads for the page, as it would at an install.
  await page.reload();
  const { data } = (await session.send("Page.getAppManifest")) as { data: string };
  expect(JSON.parse(data)).toMatchObject({ name: "Garage Makers Guild", short_name: "Garage", start_url: "/members", display: "standalone" });
});

test("keeps a public page from the first visit for offline use, shows the offline page for the rest, and never keeps members' pages or API answers", async ({ page, context }) => {
  await signInAsAdmin(page);
  await openControlled(page, "/about");
  await expect.poll(() => keptAddresses(page)).toContain("/about");
  await page.goto(`${server.baseUrl}/members/community`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect((await keptAddresses(page)).filter((address) => /^\/(api|members|admin)(\/|$)/.test(address))).toEqual([]);

  await setOffline(context, true);
  await page.goto(`${server.baseUrl}/about`);
  await expect(page.getByRole("heading", { level: 1, name: "About" })).toBeVisible();
  for (const address of ["/inventors", "/members/community"]) {
    await page.goto(`${server.baseUrl}${address}`);
    await expect(page.getByRole("heading", { level: 1, name: OFFLINE_HEADING }), address).toBeVisible();
  }
  await screenshotAtBothWidths(page, "offline");
  await setOffline(context, false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: OFFLINE_HEADING })).toBeHidden();
});

test("offers a new version when one is deployed and moves to it only when the member chooses Reload", async ({ page }) => {
  await openControlled(page, "/about");
  // Gone if anything reloads the page behind the member's back.
  await page.evaluate(() => (document.body.dataset.session = "first"));
  // A deploy: the worker's file changes; the open page's check finds it.
  appendFileSync(path.join(webDir, "sw.js"), `\n// the next deploy, ${Date.now()}\n`);
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
  const prompt = page.getByRole("status").filter({ hasText: APP_INSTALL_MESSAGES.newVersion });
  await expect(prompt).toBeVisible();
  // Installed and waiting: the page still runs the version it loaded with until the member agrees.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting && registration.active)))).toBe(true);
  expect(await page.evaluate(() => document.body.dataset.session)).toBe("first");
  await screenshotAtBothWidths(page, "update-prompt");

  const reloaded = page.waitForEvent("load");
  await prompt.getByRole("button", { name: APP_INSTALL_MESSAGES.reload }).click();
  await reloaded;
  await expect(prompt).toBeHidden();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting ?? null))).toBeNull();
});
