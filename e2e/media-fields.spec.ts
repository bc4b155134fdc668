import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatFileSize } from "../common/contracts/media";
import { SAMPLE_FILES, samplePng } from "../server/features/media/sample-files";
import { signInThroughApi } from "./support/accounts";
import { newAdminApi } from "./support/admin-api";
import { E2E_ADMIN, E2E_BASE_URL } from "./support/environment";

/*
 * Issue 27, media library: each file field offers and takes only its kinds (picker, Upload New, save),
 * the picker tells two files of the same name apart, a bulk delete names the selected files in use,
 * and a resource cannot be saved without a file.
 */

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

let adminApi: APIRequestContext;
test.beforeAll(async () => {
  adminApi = await newAdminApi();
});
test.afterAll(async () => {
  await adminApi.dispose();
});

async function uploadThroughApi(name: string, mimeType: string, buffer: Buffer, folder = "general"): Promise<{ id: number; url: string }> {
  const answer = await adminApi.post(`/api/admin/media?folder=${encodeURIComponent(folder)}`, { multipart: { file: { name, mimeType, buffer } } });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { id: number; url: string };
}

async function openContentTab(page: Page, tab: string): Promise<void> {
  await page.context().route(/^https:\/\/img\.youtube\.com\//, (route) => route.abort());
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/content");
  await page.getByRole("tab", { name: tab }).click();
  await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("a file video offers only videos, with folder, size and date; refuses a PNG in Upload New and on save", async ({ page }) => {
  const id = suffix();
  const folder = `takes-${id}`;
  expect((await adminApi.post("/api/admin/media/folders", { data: { name: folder } })).status()).toBe(201);
  const clip = `clip-${id}.mp4`;
  const poster = `poster-${id}.png`;
  await uploadThroughApi(clip, "video/mp4", SAMPLE_FILES.mp4.bytes);
  await uploadThroughApi(clip, "video/mp4", Buffer.concat([SAMPLE_FILES.mp4.bytes, Buffer.alloc(4096)]), folder);
  const png = await uploadThroughApi(poster, "image/png", samplePng(64, 48));

  await openContentTab(page, "Training Videos");
  await page.getByRole("button", { name: "Add Video" }).click();
  const form = page.getByRole("form", { name: "New video" });
  await form.getByRole("radio", { name: "Video file" }).check();
  await form.getByLabel("Title").fill(`Launch talk ${id}`);
  await form.getByLabel("Description").fill("The launch talk.");
  await form.getByLabel("Release date").fill("2026-01-05");
  await form.getByLabel("Duration").fill("1:00");

  // The picker lists the two clips, told apart by folder and size, and not the image.
  await page.setViewportSize({ width: 390, height: 844 });
  await form.getByRole("button", { name: "Select" }).click();
  const picker = page.getByRole("dialog");
  await expect(picker.getByText("This field takes videos (uploaded files, not YouTube).")).toBeVisible();
  await picker.getByPlaceholder("Search media...").fill(id);
  const options = picker.getByRole("option");
  await expect(options).toHaveCount(2);
  await expect(picker.getByRole("option", { name: poster })).toHaveCount(0);
  const today = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" }).format(new Date());
  const inFolder = options.filter({ hasText: `Folder: ${folder}` });
  await expect(inFolder).toContainText(formatFileSize(SAMPLE_FILES.mp4.bytes.length + 4096));
  await expect(inFolder).toContainText(today);
  await expect(options.filter({ hasText: "Folder: general" })).toContainText(formatFileSize(SAMPLE_FILES.mp4.bytes.length));
  await page.screenshot({ path: test.info().outputPath("video-picker-390.png") });
  expect(await noSideways(page)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath("video-picker-1280.png") });
  await inFolder.click();
  await picker.getByRole("button", { name: "Select", exact: true }).click();
  await expect(form.getByText(`Selected: ${clip}`)).toBeVisible();

  // Upload New takes only videos: a PNG is refused with the field's words, before it is sent.
  await expect(form.getByLabel("Upload a new file for this video")).toHaveAttribute("accept", ".mp4,.webm,.ogg,.ogv");
  let uploads = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/admin/media") uploads += 1;
  });
  await form.getByLabel("Upload a new file for this video").setInputFiles({ name: `still-${id}.png`, mimeType: "image/png", buffer: samplePng() });
  await expect(form.getByText("Please choose a video (mp4, webm, ogg, ogv)")).toBeVisible();
  expect(uploads).toBe(0);

  // The image's address pasted as the video is refused on save, by the file's kind, and nothing is created.
  await form.getByLabel("Video URL").fill(new URL(png.url, page.url()).toString());
  await form.getByRole("button", { name: "Create Video" }).click();
  await expect(form.getByText("Please choose a video (mp4, webm, ogg, ogv)")).toBeVisible();
  await expect(form).toBeVisible();
  const videos = (await (await adminApi.get("/api/admin/videos")).json()) as { videos: Array<{ title: string }> };
  expect(videos.videos.some((video) => video.title === `Launch talk ${id}`)).toBe(false);
});

test("a resource's picker offers documents and images, not videos; a resource needs a file", async ({ page }) => {
  const id = suffix();
  await uploadThroughApi(`guide-${id}.pdf`, "application/pdf", SAMPLE_FILES.pdf.bytes);
  await uploadThroughApi(`diagram-${id}.png`, "image/png", samplePng());
  await uploadThroughApi(`talk-${id}.webm`, "video/webm", SAMPLE_FILES.webm.bytes);

  await openContentTab(page, "Resource Library");
  await page.getByRole("button", { name: "Add Resource" }).click();
  const form = page.getByRole("form", { name: "New resource" });
  await form.getByLabel("Title").fill(`Guide ${id}`);
  await form.getByLabel("Type").fill("PDF");
  await form.getByLabel("Description").fill("A guide.");
  await form.getByRole("button", { name: "Create Resource" }).click();
  await expect(form.getByText("File is required: select one from the media library, upload one, or enter a link")).toBeVisible();

  await form.getByRole("button", { name: "Select" }).click();
  const picker = page.getByRole("dialog");
  await picker.getByPlaceholder("Search media...").fill(id);
  await expect(picker.getByRole("option")).toHaveCount(2);
  await expect(picker.getByRole("option", { name: `talk-${id}.webm` })).toHaveCount(0);
  await picker.getByRole("option", { name: `guide-${id}.pdf` }).click();
  await picker.getByRole("button", { name: "Select", exact: true }).click();
  await form.getByRole("button", { name: "Create Resource" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("admin-resource").filter({ hasText: `Guide ${id}` }).getByRole("link", { name: /Open file/ })).toBeVisible();
});

test("a bulk delete names the selected files in use and where, with Cancel or Yes, Delete", async ({ page }) => {
  const id = suffix();
  const used = `bulk-used-${id}.pdf`;
  const unused = `bulk-unused-${id}.pdf`;
  const usedItem = await uploadThroughApi(used, "application/pdf", SAMPLE_FILES.pdf.bytes);
  await uploadThroughApi(unused, "application/pdf", SAMPLE_FILES.pdf.bytes);
  const resourceTitle = `Bulk guide ${id}`;
  const created = await adminApi.post("/api/admin/resources", {
    data: { title: resourceTitle, description: "Uses a library file.", type: "PDF", category: "general", tier: "all", fileUrl: new URL(usedItem.url, E2E_BASE_URL).toString() },
  });
  expect(created.status()).toBe(201);

  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/media");
  await page.getByPlaceholder("Search media...").fill(id);
  await page.getByLabel(`Select ${used}`).check();
  await page.getByLabel(`Select ${unused}`).check();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Delete Selected (2)" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Are you sure you want to delete 2 item(s)?")).toBeVisible();
  await expect(dialog.getByText("1 of them is in use and will show as missing there:")).toBeVisible();
  const inUse = dialog.getByRole("list", { name: "Selected files in use" }).getByRole("listitem");
  await expect(inUse).toHaveCount(1);
  await expect(inUse).toHaveText(`${used}: used by the resource “${resourceTitle}”.`);
  await page.screenshot({ path: test.info().outputPath("bulk-delete-390.png") });
  expect(await noSideways(page)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel(`Select ${used}`)).toBeVisible();
  await page.getByRole("button", { name: "Delete Selected (2)" }).click();
  await dialog.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("media-card")).toHaveCount(0);
});
