import { expect, test, type Page, type Route } from "@playwright/test";
import { newAccount, signInThroughApi, signUpThroughApi } from "./support/accounts";
import { newAdminApi, setMemberTier } from "./support/admin-api";
import { findCourse } from "../common/marketing/courses";
import { E2E_ADMIN } from "./support/environment";
import { waitForBriefState } from "./support/brief-states";

/*
 * The admin's media library end to end: upload with progress, a folder, move, rename, copy URL, a
 * YouTube video, a PDF picked for a resource through the picker, bulk delete; then an Inventor member
 * downloads that resource and a free member cannot.
 */

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A PNG of `width` x `height` whose pixel data is padding: big enough for the progress bar to show. */
function pngOfSize(bytes: number): Buffer {
  const header = Buffer.from("89504e470d0a1a0a0000000d49484452000000400000003008020000000000000000", "hex");
  return Buffer.concat([header, Buffer.alloc(bytes - header.length)]);
}

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);

async function openLibrary(page: Page): Promise<void> {
  await page.context().route(/^https:\/\/img\.youtube\.com\//, (route) => route.abort());
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/media");
  await expect(page.getByRole("heading", { level: 1, name: "Media Library" })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByTestId("media-card").filter({ has: page.getByText(name, { exact: true }) });

test("an admin manages the media library, links a PDF to a resource, and only an Inventor member downloads it", async ({ page, browser, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const id = suffix();
  const imageName = `team-photo-${id}.png`;
  const pdfName = `launch-guide-${id}.pdf`;
  const folder = `launch-${id}`;
  await openLibrary(page);

  // Upload an image, watching the bar driven by the bytes sent.
  await page.getByLabel("Choose files to upload").setInputFiles({ name: imageName, mimeType: "image/png", buffer: pngOfSize(8 * 1024 * 1024) });
  await waitForBriefState(page, { selector: "[role='progressbar'][aria-label='Upload progress']" });
  await waitForBriefState(page, { text: "Upload successful!" });
  await expect(page.getByText("Upload successful!")).toBeHidden({ timeout: 4000 });
  await expect(card(page, imageName)).toContainText("64 × 48");
  await expect(card(page, imageName)).toContainText("8.00 MB");

  // A refused type says so with the spec's text.
  await page.getByLabel("Choose files to upload").setInputFiles({ name: `notes-${id}.png`, mimeType: "image/png", buffer: Buffer.from("<html><script>alert(1)</script></html>".padEnd(5000)) });
  await expect(page.getByText(/^Invalid file type\. Allowed types: jpg, jpeg, png/)).toBeVisible();

  // A folder, then move the image into it.
  await page.getByRole("button", { name: "New Folder" }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create Folder" }).click();
  await expect(dialog.getByText("Folder name is required")).toBeVisible();
  await dialog.getByLabel("Folder name").fill(`  ${folder}  `);
  await dialog.getByRole("button", { name: "Create Folder" }).click();
  await expect(dialog).toBeHidden();
  const folderChips = page.getByRole("group", { name: "Filter media by folder" });
  await expect(folderChips.getByRole("button", { name: folder, exact: true })).toBeVisible();
  // The move is saved before the folder is opened: a folder list read while the move is on its way
  // would show the folder empty and then the item, closing a rename started in between.
  const moved = page.waitForResponse((response) => response.request().method() === "PATCH" && /\/api\/admin\/media\/\d+$/.test(response.url()));
  await card(page, imageName).getByLabel(`Move ${imageName} to folder`).selectOption(folder);
  expect((await moved).ok()).toBe(true);
  const folderList = page.waitForResponse((response) => new URL(response.url()).searchParams.get("folder") === folder);
  await folderChips.getByRole("button", { name: folder, exact: true }).click();
  await folderList;
  await expect(page.getByTestId("media-card")).toHaveCount(1);
  await expect(card(page, imageName)).toBeVisible();

  // Rename in place.
  const renamed = `launch-team-${id}.png`;
  await card(page, imageName).getByRole("button", { name: `Rename ${imageName}` }).click();
  await page.getByLabel("New name").fill(renamed);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(card(page, renamed)).toBeVisible();

  // Copy its address.
  await card(page, renamed).getByRole("button", { name: "Copy URL" }).click();
  await expect(card(page, renamed).getByRole("button", { name: "URL Copied!" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/admin\/media\/\d+\/file$/);
  expect((await page.request.get(copied)).status()).toBe(200);
  await expect(card(page, renamed).getByRole("button", { name: "Copy URL" })).toBeVisible({ timeout: 4000 });

  // Marked public, it is served to anyone from /media/ with a long cache.
  await card(page, renamed).getByLabel(/^Public/).click();
  await expect(card(page, renamed).getByLabel(/^Public/)).toBeChecked();
  await expect(card(page, renamed).getByText("Public", { exact: true })).toBeVisible();
  await card(page, renamed).getByRole("button", { name: "Copy URL" }).click();
  await expect(card(page, renamed).getByRole("button", { name: "URL Copied!" })).toBeVisible();
  const publicUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(publicUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/\d{13}-[0-9a-f]{16}\.png$/);
  const visitor = await browser.newContext();
  const publicAnswer = await visitor.request.get(publicUrl);
  expect(publicAnswer.status()).toBe(200);
  expect(publicAnswer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await visitor.request.get(copied)).status()).toBe(401);
  await visitor.close();
  await folderChips.getByRole("button", { name: "All folders" }).click();

  // A YouTube video: an address without an id is refused clearly.
  const videoTitle = `Pitch practice ${id}`;
  await page.getByRole("button", { name: "Add YouTube Video" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("YouTube URL").fill("https://vimeo.com/123456789");
  await dialog.getByLabel("Title").fill(videoTitle);
  await dialog.getByRole("button", { name: "Add Video" }).click();
  await expect(dialog.getByText("Invalid YouTube URL. Please enter a valid YouTube video URL.")).toBeVisible();
  await dialog.getByLabel("YouTube URL").fill("https://youtube.com/shorts/dQw4w9WgXcQ?feature=share");
  await dialog.getByRole("button", { name: "Add Video" }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, videoTitle)).toContainText("YouTube Video");

  // A PDF for the resource.
  await page.getByLabel("Choose files to upload").setInputFiles({ name: pdfName, mimeType: "application/pdf", buffer: PDF });
  await expect(card(page, pdfName)).toContainText("Pages");

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(card(page, pdfName)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`media-library-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  // Pick the PDF as a resource's file through the picker.
  const resourceTitle = `Launch guide ${id}`;
  await page.goto("/admin/content");
  await page.getByRole("tab", { name: "Resource Library" }).click();
  await page.getByRole("button", { name: "Add Resource" }).click();
  const form = page.getByRole("form", { name: "New resource" });
  await form.getByLabel("Title").fill(resourceTitle);
  await form.getByLabel("Type").fill("PDF");
  await form.getByLabel("Access level").selectOption({ label: "Inventor & Above" });
  await form.getByLabel("Description").fill("The launch checklist, from the media library.");
  await form.getByRole("button", { name: "Select" }).click();
  const picker = page.getByRole("dialog");
  await expect(picker.getByRole("heading", { name: "Select Media" })).toBeVisible();
  await picker.getByPlaceholder("Search media...").fill(`launch-guide-${id}`);
  await picker.getByRole("option", { name: pdfName }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("media-picker-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath("media-picker-1280.png") });
  await picker.getByRole("button", { name: "Select", exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(form.getByText(`Selected: ${pdfName}`)).toBeVisible();
  await form.getByRole("button", { name: "Create Resource" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("admin-resource").filter({ hasText: resourceTitle }).getByRole("link", { name: /Open file/ })).toBeVisible();

  // Bulk delete the image and the YouTube video.
  await page.goto("/admin/media");
  await page.getByLabel(`Select ${renamed}`).check();
  await page.getByLabel(`Select ${videoTitle}`).check();
  await page.getByRole("button", { name: "Delete Selected (2)" }).click();
  dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Are you sure you want to delete 2 item(s)?")).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, renamed)).toHaveCount(0);
  await expect(card(page, videoTitle)).toHaveCount(0);

  // Deleting the PDF would say where it is used; the admin cancels.
  await card(page, pdfName).getByRole("button", { name: `Delete ${pdfName}` }).click();
  dialog = page.getByRole("dialog");
  await expect(dialog.getByText(`Delete ${pdfName}?`)).toBeVisible();
  await expect(dialog.getByText(`It is used by the resource “${resourceTitle}”`, { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // An Inventor member downloads it; a free member cannot.
  const adminApi = await newAdminApi();
  for (const tier of ["inventor", "free"] as const) {
    const memberContext = await browser.newContext();
    const account = newAccount(tier);
    await signUpThroughApi(memberContext.request, account);
    await setMemberTier(adminApi, account.email, tier);
    const member = await memberContext.newPage();
    await member.goto("/members/resources");
    const memberCard = member.getByTestId("resource-card").filter({ hasText: resourceTitle });
    if (tier === "inventor") {
      const downloadLink = memberCard.getByRole("link", { name: `Download: ${resourceTitle}` });
      const [download] = await Promise.all([member.waitForEvent("download"), downloadLink.click()]);
      expect(download.suggestedFilename()).toBe(pdfName);
      const href = (await downloadLink.getAttribute("href")) ?? "";
      const answer = await member.request.get(href);
      expect((await answer.body()).subarray(0, 5).toString()).toBe("%PDF-");
    } else {
      await expect(memberCard).toBeVisible();
      await expect(memberCard.getByRole("link", { name: `Download: ${resourceTitle}` })).toHaveCount(0);
      const listed = await member.request.get("/api/resources?category=all");
      const resource = ((await listed.json()) as { resources: Array<{ title: string; downloadUrl: string | null; locked: boolean }> }).resources.find((item) => item.title === resourceTitle);
      expect(resource).toMatchObject({ locked: true, downloadUrl: null });
    }
    await memberContext.close();
  }
  await adminApi.dispose();
});

test("the library shows 'No media found', a load failure with Retry and a partly failed bulk delete; several files upload at once; Upload New fills a resource's file, which shows 'File missing' once deleted", async ({ page }) => {
  test.setTimeout(180_000);
  const id = suffix();
  const firstPdf = `brief-a-${id}.pdf`;
  const secondPdf = `brief-b-${id}.pdf`;
  const inPlacePdf = `contract-${id}.pdf`;
  await openLibrary(page);

  await page.getByPlaceholder("Search media...").fill(`nothing-called-${id}`);
  await expect(page.getByText("No media found")).toBeVisible();
  await page.getByPlaceholder("Search media...").fill("");

  // The list fails to load (every try), says so with Retry, and loads once the server answers again.
  const failing = (route: Route) => route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } });
  await page.route(/\/api\/admin\/media\?/, failing);
  await page.reload();
  const loadError = page.getByRole("alert").filter({ hasText: "Failed to load media items. Please try again." });
  await expect(loadError).toBeVisible({ timeout: 15_000 });
  await page.unroute(/\/api\/admin\/media\?/, failing);
  await loadError.getByRole("button", { name: "Retry" }).click();
  await expect(loadError).toBeHidden();

  // Two files chosen together: one progress bar, both appear, each with its size and a US long date.
  await page.getByLabel("Choose files to upload").setInputFiles([
    { name: firstPdf, mimeType: "application/pdf", buffer: PDF },
    { name: secondPdf, mimeType: "application/pdf", buffer: PDF },
  ]);
  await expect(page.getByText("Upload successful!")).toBeVisible();
  const today = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" }).format(new Date());
  for (const name of [firstPdf, secondPdf]) {
    await expect(card(page, name)).toContainText(`${PDF.length}.00 Bytes`);
    await expect(card(page, name)).toContainText(today);
  }

  // One of two deletions fails: the spec's message, the other item is gone, the failed one stays.
  const listed = (await (await page.request.get(`/api/admin/media?search=${encodeURIComponent(secondPdf)}`)).json()) as { items: Array<{ id: number }> };
  const secondId = listed.items[0]?.id;
  await page.route(`**/api/admin/media/${secondId}`, (route) => (route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } }) : route.fallback()));
  await page.getByLabel(`Select ${firstPdf}`).check();
  await page.getByLabel(`Select ${secondPdf}`).check();
  await page.getByRole("button", { name: "Delete Selected (2)" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(dialog.getByText("Failed to delete some items. Please try again.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, firstPdf)).toHaveCount(0);
  await expect(card(page, secondPdf)).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete Selected (1)" })).toBeVisible();

  // Upload New in a resource form puts the new library file on the resource.
  const resourceTitle = `Contract template ${id}`;
  await page.goto("/admin/content");
  await page.getByRole("tab", { name: "Resource Library" }).click();
  await page.getByRole("button", { name: "Add Resource" }).click();
  const form = page.getByRole("form", { name: "New resource" });
  await form.getByLabel("Title").fill(resourceTitle);
  await form.getByLabel("Type").fill("PDF");
  await form.getByLabel("Description").fill("Uploaded in place from the resource form.");
  await form.getByLabel("Upload a new file for this resource").setInputFiles({ name: inPlacePdf, mimeType: "application/pdf", buffer: PDF });
  await expect(form.getByText(`Selected: ${inPlacePdf}`)).toBeVisible();
  await form.getByRole("button", { name: "Create Resource" }).click();
  await expect(form).toBeHidden();
  const resourceCard = page.getByTestId("admin-resource").filter({ hasText: resourceTitle });
  await expect(resourceCard.getByRole("link", { name: /Open file/ })).toBeVisible();

  // Deleting it from the library names the resource first; the resource then shows 'File missing'.
  await page.goto("/admin/media");
  await card(page, inPlacePdf).getByRole("button", { name: `Delete ${inPlacePdf}` }).click();
  await expect(dialog.getByText(`It is used by the resource “${resourceTitle}”`, { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(dialog).toBeHidden();
  await page.goto("/admin/content");
  await page.getByRole("tab", { name: "Resource Library" }).click();
  await expect(resourceCard.getByText("File missing: it was deleted from the media library")).toBeVisible();
  await expect(resourceCard.getByRole("link", { name: /Open file/ })).toHaveCount(0);
});

test("deleting a file a course lesson uses names the lesson and its course first", async ({ page }) => {
  const id = suffix();
  const pdfName = `lesson-worksheet-${id}.pdf`;
  const lessonTitle = `Buyer worksheet ${id}`;
  const course = findCourse("retail-and-wholesale");
  if (!course) throw new Error("course missing");
  const adminApi = await newAdminApi();
  const uploaded = await adminApi.post("/api/admin/media", { multipart: { file: { name: pdfName, mimeType: "application/pdf", buffer: PDF } } });
  expect(uploaded.status()).toBe(201);
  const mediaItemId = ((await uploaded.json()) as { id: number }).id;
  const builder = (await (await adminApi.get(`/api/admin/courses/${course.id}`)).json()) as { modules: Array<{ id: number }> };
  const added = await adminApi.post(`/api/admin/course-modules/${builder.modules[0]?.id}/lessons`, { data: { title: lessonTitle, kind: "file", minutes: 10, mediaItemId } });
  expect(added.status()).toBe(201);
  const lessonId = ((await added.json()) as { modules: Array<{ lessons: Array<{ id: number; title: string }> }> }).modules[0]?.lessons.find((lesson) => lesson.title === lessonTitle)?.id;

  try {
    await openLibrary(page);
    await page.getByPlaceholder("Search media...").fill(pdfName);
    await card(page, pdfName).getByRole("button", { name: `Delete ${pdfName}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(`It is used by the lesson “${lessonTitle}” of the course “${course.title}”. They will show the file as missing.`)).toBeVisible();
    await dialog.getByRole("button", { name: "Yes, Delete" }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, pdfName)).toHaveCount(0);
  } finally {
    // The course's outline stays as the other journeys count it.
    if (lessonId) expect((await adminApi.delete(`/api/admin/course-lessons/${lessonId}`)).status()).toBe(200);
    await adminApi.dispose();
  }
});
