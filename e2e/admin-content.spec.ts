import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { newAccount, signInThroughApi, signUpThroughApi } from "./support/accounts";
import { newAdminApi, setMemberTier } from "./support/admin-api";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { E2E_ADMIN } from "./support/environment";
import { stubThirdPartyEmbeds } from "./support/third-party";
import { waitForBriefState } from "./support/brief-states";

/*
 * The admin curates sessions, resources and videos on /admin/content, and a Brand CEO member sees each
 * change on the members pages: created, then edited, then gone after the two-step delete.
 */

const unique = (label: string) => `E2E ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const nextYear = new Date().getFullYear() + 1;

let adminApi: APIRequestContext;

test.beforeAll(async () => {
  adminApi = await newAdminApi();
});

test.afterAll(async () => {
  await adminApi.dispose();
});

/** The admin's page on one tab of Content Management; thumbnails are not fetched from the internet. */
async function openContentTab(page: Page, tab: string): Promise<void> {
  await page.context().route(/^https:\/\/img\.youtube\.com\//, (route) => route.abort());
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/content");
  await expect(page.getByRole("heading", { level: 1, name: "Content Management" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Mastermind Sessions" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: tab }).click();
  await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
}

/** A new member with the Brand CEO tier, signed in on a page of their own. */
async function newBrandCeoMember(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await stubThirdPartyEmbeds(context);
  await context.route(/^https:\/\/img\.youtube\.com\//, (route) => route.abort());
  const member = await context.newPage();
  const account = newAccount("brandceo");
  await signUpThroughApi(member.request, account);
  await setMemberTier(adminApi, account.email, "brand-ceo");
  return member;
}

/**
 * Opens a members page and checks that the item is (or is no longer) there: in the answer of the
 * page's own API call, and on screen.
 */
async function expectMemberSees(member: Page, pagePath: string, apiPath: string, title: string, shown: boolean): Promise<void> {
  const [response] = await Promise.all([
    member.waitForResponse((candidate) => new URL(candidate.url()).pathname === apiPath && candidate.request().method() === "GET"),
    member.goto(pagePath),
  ]);
  expect(response.status(), `${apiPath} answered ${response.status()}`).toBe(200);
  const body = await response.text();
  if (shown) {
    expect(body, `${apiPath} lists ${title}`).toContain(title);
    // Substring match: a card may name it inside a longer label ("Play video: …").
    await expect(member.getByText(title).first()).toBeVisible();
  } else {
    expect(body, `${apiPath} no longer lists ${title}`).not.toContain(title);
    await expect(member.getByText(title)).toHaveCount(0);
  }
}

/** The two-step delete: the icon, the spec's question (Cancel keeps the item), then Yes, Delete. */
async function deleteThroughConfirmation(page: Page, title: string, question: string): Promise<void> {
  await page.getByRole("button", { name: `Delete ${title}`, exact: true }).click();
  let dialog = page.getByRole("dialog");
  await expect(dialog.getByText(question, { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Delete ${title}`, exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Delete ${title}`, exact: true }).click();
  dialog = page.getByRole("dialog");
  await expect(dialog.getByText(question, { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Delete ${title}`, exact: true })).toHaveCount(0);
}

test("an admin adds, edits and deletes a mastermind session, and a Brand CEO member sees each step", async ({ page, browser }) => {
  const member = await newBrandCeoMember(browser);
  const title = unique("Session");
  const edited = `${title} (moved)`;
  await openContentTab(page, "Mastermind Sessions");

  await page.getByRole("button", { name: "Add Session" }).click();
  const form = page.getByRole("form", { name: "New session" });
  await form.getByRole("button", { name: "Create Session" }).click();
  for (const field of ["Title", "Date", "Time", "Location", "Description"]) {
    await expect(form.getByText(`${field} is required`, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel("Title")).toBeFocused();

  // The recording field belongs to past sessions only.
  await expect(form.getByLabel("Recording URL")).toHaveCount(0);
  await form.getByLabel("Past session").check();
  await expect(form.getByLabel("Recording URL")).toBeVisible();
  await form.getByLabel("Past session").uncheck();
  await expect(form.getByLabel("Recording URL")).toHaveCount(0);

  await form.getByLabel("Title").fill(title);
  await expect(form.getByText("Title is required")).toHaveCount(0);
  await form.getByLabel("Date").fill(`${nextYear}-03-14`);
  await form.getByLabel("Time").fill("10:00 AM-12:00 PM ET");
  await form.getByLabel("Location").fill("Video call");
  await form.getByLabel("Description").fill("Pricing a product for retail, with live teardown of two members' price sheets.");
  await form.getByLabel("Tier").selectOption({ label: "Brand CEO Only" });
  await form.getByLabel("Facilitator").fill("Dana Reyes");
  await form.getByLabel("Participants").fill("12");
  await form.getByRole("button", { name: "Create Session" }).click();

  await expect(form).toBeHidden();
  await expect(page.getByText(`Session “${title}” added.`)).toBeVisible();
  const upcoming = page.getByRole("region", { name: /^Upcoming/ });
  const card = upcoming.getByTestId("admin-session").filter({ hasText: title });
  await expect(card).toContainText("Brand CEO Only");
  await expect(card).toContainText("10:00 AM-12:00 PM ET");
  await expect(card).toContainText("Dana Reyes");
  await expect(card).toContainText(`March 14, ${nextYear}`);
  await expectMemberSees(member, "/members/mastermind", "/api/members/sessions", title, true);

  // The form and the lists pass axe, on a phone too.
  await page.getByRole("button", { name: "Add Session" }).click();
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("form", { name: "New session" }).getByRole("button", { name: "Cancel" }).click();
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
  const editForm = page.getByRole("form", { name: "Edit session" });
  await expect(editForm.getByLabel("Title")).toHaveValue(title);
  await expect(editForm.getByLabel("Date")).toHaveValue(`${nextYear}-03-14`);
  await expect(editForm.getByLabel("Tier")).toHaveValue("brand-ceo");
  await expect(editForm.getByLabel("Participants")).toHaveValue("12");
  await editForm.getByLabel("Title").fill(edited);
  await editForm.getByLabel("Past session").check();
  await editForm.getByLabel("Recording URL").fill("recordings/teardown");
  await editForm.getByRole("button", { name: "Save Changes" }).click();
  await expect(editForm.getByText("Please enter a valid URL starting with http:// or https://")).toBeVisible();
  await editForm.getByLabel("Recording URL").fill("https://videos.example.com/teardown");
  await editForm.getByRole("button", { name: "Save Changes" }).click();

  await expect(editForm).toBeHidden();
  await expect(page.getByText(`Session “${edited}” updated.`)).toBeVisible();
  const past = page.getByRole("region", { name: /^Past/ });
  await expect(past.getByTestId("admin-session").filter({ hasText: edited })).toContainText("Recording");
  await expect(upcoming.getByTestId("admin-session").filter({ hasText: title })).toHaveCount(0);
  await expectMemberSees(member, "/members/mastermind", "/api/members/sessions", edited, true);

  await deleteThroughConfirmation(page, edited, "Are you sure you want to delete this session? This action cannot be undone.");
  await expect(page.getByText(`Session “${edited}” deleted.`)).toBeVisible();
  await expectMemberSees(member, "/members/mastermind", "/api/members/sessions", edited, false);
  await member.context().close();
});

test("an admin adds, edits and deletes a resource, and a Brand CEO member sees each step", async ({ page, browser }) => {
  const member = await newBrandCeoMember(browser);
  const title = unique("Resource");
  const edited = `${title} v2`;
  await openContentTab(page, "Resource Library");

  await page.getByRole("button", { name: "Add Resource" }).click();
  const form = page.getByRole("form", { name: "New resource" });
  await form.getByRole("button", { name: "Create Resource" }).click();
  for (const field of ["Title", "Description", "Type"]) {
    await expect(form.getByText(`${field} is required`, { exact: true })).toBeVisible();
  }
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Type").fill("PDF");
  await form.getByLabel("Category").selectOption({ label: "Legal & Compliance" });
  await form.getByLabel("Access level").selectOption({ label: "Brand CEO Only" });
  await form.getByLabel("Description").fill("A checklist for trademark filings before launch.");
  await form.getByLabel("File URL").fill("ftp://files.example.com/checklist.pdf");
  await form.getByRole("button", { name: "Create Resource" }).click();
  await expect(form.getByText("Please enter a valid URL starting with http:// or https://")).toBeVisible();
  await form.getByLabel("File URL").fill("https://files.example.com/checklist.pdf");
  await form.getByLabel("Featured").check();
  await form.getByRole("button", { name: "Create Resource" }).click();

  await expect(form).toBeHidden();
  const card = page.getByTestId("admin-resource").filter({ hasText: title });
  await expect(card).toContainText("Brand CEO Only");
  await expect(card).toContainText("Featured");
  await expect(card).toContainText("Legal & Compliance");
  await expect(card.getByRole("link", { name: /Open file/ })).toHaveAttribute("href", "https://files.example.com/checklist.pdf");

  // The category chips filter the grid.
  const chips = page.getByRole("group", { name: "Filter resources by category" });
  await chips.getByRole("button", { name: "Legal & Compliance" }).click();
  await expect(chips.getByRole("button", { name: "Legal & Compliance" })).toHaveAttribute("aria-pressed", "true");
  await expect(card).toBeVisible();
  await chips.getByRole("button", { name: "Manufacturing" }).click();
  await expect(card).toHaveCount(0);
  await chips.getByRole("button", { name: "All", exact: true }).click();
  await expect(card).toBeVisible();
  await expectMemberSees(member, "/members/resources", "/api/resources", title, true);

  await page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
  const editForm = page.getByRole("form", { name: "Edit resource" });
  await expect(editForm.getByLabel("Title")).toHaveValue(title);
  await expect(editForm.getByLabel("Category")).toHaveValue("legal");
  await expect(editForm.getByLabel("Featured")).toBeChecked();
  await expect(editForm.getByLabel("File URL")).toHaveValue("https://files.example.com/checklist.pdf");
  await editForm.getByLabel("Title").fill("   ");
  await editForm.getByRole("button", { name: "Save Changes" }).click();
  await expect(editForm.getByText("Title is required", { exact: true })).toBeVisible();
  await editForm.getByLabel("Title").fill(edited);
  await editForm.getByRole("button", { name: "Save Changes" }).click();
  await expect(editForm).toBeHidden();
  await expect(page.getByTestId("admin-resource").filter({ hasText: edited })).toBeVisible();
  await expectMemberSees(member, "/members/resources", "/api/resources", edited, true);

  await deleteThroughConfirmation(page, edited, "Are you sure you want to delete this resource?");
  await expectMemberSees(member, "/members/resources", "/api/resources", edited, false);
  await member.context().close();
});

test("an admin adds, edits (in the dialog) and deletes a training video, and a Brand CEO member sees each step", async ({ page, browser }) => {
  const member = await newBrandCeoMember(browser);
  const title = unique("Video");
  const edited = `${title} (updated)`;
  await openContentTab(page, "Training Videos");

  await page.getByRole("button", { name: "Add Video" }).click();
  const form = page.getByRole("form", { name: "New video" });
  await form.getByRole("button", { name: "Create Video" }).click();
  await expect(form.getByText("Invalid YouTube URL. Please enter a valid YouTube video URL.")).toBeVisible();
  await expect(form.getByText("Title is required", { exact: true })).toBeVisible();
  await expect(form.getByText("Description is required", { exact: true })).toBeVisible();

  // A file video needs its link, duration and release date instead.
  await form.getByRole("radio", { name: "Video file" }).check();
  await form.getByRole("button", { name: "Create Video" }).click();
  for (const message of ["Video URL is required", "Duration is required", "Release date is required"]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await form.getByRole("radio", { name: "YouTube" }).check();

  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Description").fill("How to brief a factory so the first samples come back right.");
  await form.getByLabel("Category").selectOption({ label: "Manufacturing" });
  await form.getByLabel("Access level").selectOption({ label: "Brand CEO Only" });
  await form.getByLabel("YouTube URL").fill("https://vimeo.com/watch?v=dQw4w9WgXcQ");
  await form.getByRole("button", { name: "Create Video" }).click();
  await expect(form.getByText("Invalid YouTube URL. Please enter a valid YouTube video URL.")).toBeVisible();
  await form.getByLabel("YouTube URL").fill("https://youtu.be/dQw4w9WgXcQ");
  await expect(form.getByText("Video ID: dQw4w9WgXcQ")).toBeVisible();
  await form.getByRole("button", { name: "Create Video" }).click();

  await expect(form).toBeHidden();
  const card = page.getByTestId("admin-video").filter({ hasText: title });
  await expect(card).toContainText("YouTube Video");
  await expect(card).toContainText("Brand CEO Only");
  await expect(card).toContainText("Manufacturing");
  const chips = page.getByRole("group", { name: "Filter videos by category" });
  await chips.getByRole("button", { name: "Leadership" }).click();
  await expect(card).toHaveCount(0);
  await chips.getByRole("button", { name: "Manufacturing" }).click();
  await expect(card).toBeVisible();
  await expectMemberSees(member, "/members/training", "/api/videos", title, true);

  await card.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Video" });
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await expect(dialog.getByLabel("YouTube URL")).toHaveValue("https://youtu.be/dQw4w9WgXcQ");
  await expect(dialog.getByLabel("Access level")).toHaveValue("brand-ceo");
  await dialog.getByLabel("Title").fill(edited);

  // A save that never reaches the server keeps the dialog open with the spec's message.
  await page.route("**/api/admin/videos/*", (route) => (route.request().method() === "PUT" ? route.abort() : route.fallback()));
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("An error occurred while updating the video")).toBeVisible();
  await page.unrouteAll();

  // Slowed down so "Saving..." can be seen.
  await page.route("**/api/admin/videos/*", async (route) => {
    if (route.request().method() === "PUT") await new Promise((resolve) => setTimeout(resolve, 600));
    await route.fallback();
  });
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByRole("button", { name: "Saving..." })).toBeVisible();
  // Until it closes, 1.5 s later, the saved form can be read but not changed or sent again.
  await waitForBriefState(page, { text: "Video updated successfully!", disabled: ["Title", "YouTube", "Save Changes"] });
  await expect(dialog).toBeHidden({ timeout: 4000 });
  await page.unrouteAll();
  await expect(page.getByTestId("admin-video").filter({ hasText: edited })).toBeVisible();
  await expectMemberSees(member, "/members/training", "/api/videos", edited, true);

  await deleteThroughConfirmation(page, edited, "Are you sure you want to delete this video?");
  await expectMemberSees(member, "/members/training", "/api/videos", edited, false);
  await member.context().close();
});

test("a save the server refuses keeps the form open with the server's message", async ({ page }) => {
  const title = unique("Vanishing session");
  const created = await adminApi.post("/api/admin/sessions", {
    data: { title, date: `${nextYear}-05-02`, time: "2:00 PM-3:00 PM ET", location: "Video call", description: "Deleted while being edited.", tier: "all" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await openContentTab(page, "Mastermind Sessions");

  await page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
  const form = page.getByRole("form", { name: "Edit session" });
  await form.getByLabel("Location").fill("Orlando, Florida");
  // Another admin deletes it meanwhile.
  expect((await adminApi.delete(`/api/admin/sessions/${id}`)).status()).toBe(204);
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(form.getByRole("alert")).toHaveText("Session not found");
  await expect(form.getByLabel("Location")).toHaveValue("Orlando, Florida");
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(form).toBeHidden();
  // The refusal refreshed the list: the deleted session is gone from it.
  await expect(page.getByRole("button", { name: `Edit ${title}`, exact: true })).toHaveCount(0);
});

test("the Media Library tab is the media library of /admin/media", async ({ page }) => {
  await openContentTab(page, "Media Library");
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("button", { name: "Upload Files" })).toBeVisible();
  await expect(panel.getByRole("group", { name: "Filter media by type" })).toBeVisible();
  await expect(panel.getByRole("group", { name: "Filter media by folder" }).getByRole("button", { name: "general", exact: true })).toBeVisible();
});
