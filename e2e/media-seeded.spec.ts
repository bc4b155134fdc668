import { expect, test } from "@playwright/test";
import { ownServer, type OwnServer } from "./support/own-server";

/**
 * SEED_DEMO=true on a server of its own: the sample resources' PDFs and the sample videos are in the
 * media library from the start, a resource's picker offers the PDFs, and deleting one names its resource.
 */
const ADMIN = { email: "seeded-admin@e2e.test", password: "Seeded-admin-Pass1", name: "Seeded Admin" };

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await ownServer("media-seeded", ADMIN, { SEED_DEMO: "true" });
  await server.start();
});

test.afterAll(async () => {
  await server.stop("SIGTERM");
});

test("the seeded PDFs and videos are in the library, the resource picker offers the PDFs, and deleting one names its resource", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
  await context.route(/^https:\/\/img\.youtube\.com\//, (route) => route.abort());
  const page = await context.newPage();
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password }, headers: { Origin: server.baseUrl } })).ok()).toBeTruthy();

  await page.goto("/admin/media");
  const cards = page.getByTestId("media-card");
  await expect(cards).toHaveCount(9);
  await expect(page.getByText("No media found")).toHaveCount(0);
  const checklist = cards.filter({ has: page.getByText("product-launch-checklist.pdf", { exact: true }) });
  await expect(checklist).toContainText("Pages");
  await page.getByRole("group", { name: "Filter media by folder" }).getByRole("button", { name: "videos", exact: true }).click();
  await expect(cards).toHaveCount(5);
  await expect(cards.first()).toContainText("YouTube Video");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`seeded-library-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  await page.goto("/admin/content");
  await page.getByRole("tab", { name: "Resource Library" }).click();
  await page.getByRole("button", { name: "Add Resource" }).click();
  await page.getByRole("form", { name: "New resource" }).getByRole("button", { name: "Select" }).click();
  const picker = page.getByRole("dialog");
  await expect(picker.getByRole("option")).toHaveCount(4);
  await expect(picker.getByRole("option", { name: "product-launch-checklist.pdf" })).toContainText("Folder: resources");
  await picker.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/admin/media");
  await page.getByRole("button", { name: "Delete product-launch-checklist.pdf" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("It is used by the resource “Product Launch Checklist”", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await context.close();
});
