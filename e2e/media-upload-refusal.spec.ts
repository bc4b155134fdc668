import { expect, test } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { E2E_ADMIN } from "./support/environment";

/*
 * A refused upload must not hold up the next one. The server answers 413 as soon as a file passes its
 * limit, while the browser is still sending the rest; that rest, left unread, stalled the next upload
 * on the same connection until the keep-alive timeout (72 s).
 */

const PDF_HEAD = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n", "latin1");
const PNG_HEAD = Buffer.from("89504e470d0a1a0a0000000d49484452000000400000003008020000000000000000", "hex");

test("after a document refused as too large, the admin's next upload lands at once", async ({ page }) => {
  // Well under the 72 s the next upload used to wait.
  test.setTimeout(40_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/media");
  await expect(page.getByRole("heading", { level: 1, name: "Media Library" })).toBeVisible();

  // Twice the 10 MB document limit: the refusal comes with 10 MB still on its way.
  const tooLarge = Buffer.concat([PDF_HEAD, Buffer.alloc(20 * 1024 * 1024 - PDF_HEAD.length)]);
  await page.getByLabel("Choose files to upload").setInputFiles({ name: `scan-${id}.pdf`, mimeType: "application/pdf", buffer: tooLarge });
  await expect(page.getByText("File size exceeds the maximum allowed size of 10MB")).toBeVisible({ timeout: 15_000 });

  const smallName = `after-refusal-${id}.png`;
  const uploaded = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/admin/media", { timeout: 10_000 });
  const startedAt = Date.now();
  await page.getByLabel("Choose files to upload").setInputFiles({ name: smallName, mimeType: "image/png", buffer: Buffer.concat([PNG_HEAD, Buffer.alloc(4096)]) });
  expect((await uploaded).status()).toBe(201);
  expect(Date.now() - startedAt).toBeLessThan(10_000);
  await expect(page.getByTestId("media-card").filter({ has: page.getByText(smallName, { exact: true }) })).toBeVisible();
  await expect(page.getByText("File size exceeds the maximum allowed size of 10MB")).toBeHidden();
});
