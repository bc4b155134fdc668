import { expect, test, type Browser, type Page } from "@playwright/test";
import { PEOPLE_MESSAGES } from "../common/contracts/people";
import { signInThroughApi, signUpAndOpenMembers, type TestAccount } from "./support/accounts";
import { E2E_ADMIN, E2E_BASE_URL } from "./support/environment";

const VIEWPORTS = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
];

/** A word that makes each test's profiles and posts unique across tests and runs. */
const uniqueWord = () => `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signedInMember(browser: Browser, viewport: { width: number; height: number }, prefix: string): Promise<{ page: Page; account: TestAccount }> {
  const page = await (await browser.newContext({ viewport })).newPage();
  return { page, account: await signUpAndOpenMembers(page, prefix) };
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** Fills the Account page's member profile card and saves it. */
async function saveMemberProfile(page: Page, fields: { headline: string; expertise?: string; stage?: string; country?: string; website?: string; linkedin?: string }): Promise<void> {
  await page.goto("/members/account");
  const editor = page.getByRole("form", { name: "Member profile" });
  await editor.getByLabel("Headline").fill(fields.headline);
  if (fields.expertise) await editor.getByLabel("Expertise").fill(fields.expertise);
  if (fields.stage) await editor.getByLabel("Stage").selectOption({ label: fields.stage });
  if (fields.country) await editor.getByLabel("Country").selectOption({ label: fields.country });
  if (fields.website) await editor.getByLabel("Website").fill(fields.website);
  if (fields.linkedin) await editor.getByLabel("LinkedIn").fill(fields.linkedin);
  await editor.getByRole("button", { name: "Save member profile" }).click();
  await expect(editor.getByText(PEOPLE_MESSAGES.saved)).toBeVisible();
}

async function searchDirectory(page: Page, words: string): Promise<void> {
  await page.goto("/members/people");
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  await page.getByLabel("Search members").fill(words);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`member directory and profiles (${name})`, () => {
    test("a member fills in a profile; another finds it by search and filters, opens it, and reaches it from a post", async ({ browser }) => {
      const word = uniqueWord();
      const author = await signedInMember(browser, viewport, "profiled");

      // Validation as in the rest of the profile: a link that is not http(s) is refused, naming the rule.
      await author.page.goto("/members/account");
      const editor = author.page.getByRole("form", { name: "Member profile" });
      await editor.getByLabel("Website").fill("javascript:alert(1)");
      await editor.getByLabel("Headline").fill("x".repeat(121));
      await editor.getByRole("button", { name: "Save member profile" }).click();
      await expect(editor.getByText(PEOPLE_MESSAGES.websiteInvalid)).toBeVisible();
      await expect(editor.getByText(PEOPLE_MESSAGES.headlineTooLong)).toBeVisible();
      await saveMemberProfile(author.page, { headline: `Folding ladders ${word}`, expertise: "CAD, Patents, cad", stage: "Prototype", country: "Germany", website: "https://ladders.example.com", linkedin: "https://www.linkedin.com/in/ladders" });
      await expect(editor.getByLabel("Expertise")).toHaveValue("cad, patents");
      const posted = await author.page.request.post("/api/community/posts", { data: { content: `My ladder prototype is done ${word}` }, headers: { Origin: E2E_BASE_URL } });
      expect(posted.ok()).toBeTruthy();

      const reader = await signedInMember(browser, viewport, "reader");
      const { page } = reader;
      if (viewport.width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("navigation", { name: "Members" }).getByRole("link", { name: "People" }).click();
      await expect(page).toHaveURL("/members/people");
      await page.getByLabel("Search members").fill(`ladders ${word}`);
      const card = page.getByRole("listitem").filter({ hasText: author.account.name });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(`Folding ladders ${word}`);
      await expect(card).toContainText("Prototype");
      await expect(card).toContainText("Germany");

      await page.getByLabel("Stage").selectOption({ label: "Prototype" });
      await page.getByLabel("Country").selectOption({ label: "Germany" });
      await page.getByLabel("Expertise", { exact: true }).selectOption({ label: "patents" });
      await expect(card).toHaveCount(1);
      await page.getByLabel("Stage").selectOption({ label: "Idea" });
      await expect(page.getByText(PEOPLE_MESSAGES.noResults)).toBeVisible();
      await page.getByLabel("Stage").selectOption({ label: "All stages" });
      await page.getByLabel("Sort by").selectOption({ label: "Alphabetical" });
      await expect(card).toHaveCount(1);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/people-directory-${name}.png`, fullPage: true });

      await card.getByRole("link", { name: author.account.name }).click();
      await expect(page.getByRole("heading", { level: 1, name: author.account.name })).toBeVisible();
      await expect(page.getByText(`Folding ladders ${word}`)).toBeVisible();
      const website = page.getByRole("link", { name: "ladders.example.com" });
      await expect(website).toHaveAttribute("target", "_blank");
      await expect(website).toHaveAttribute("rel", "noopener nofollow");
      await expect(page.getByRole("link", { name: "LinkedIn" })).toHaveAttribute("rel", "noopener nofollow");
      await expect(page.getByRole("link", { name: `My ladder prototype is done ${word}` })).toBeVisible();
      await expect(page.getByTestId("profile-actions")).toBeAttached();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/people-profile-${name}.png`, fullPage: true });
      const profileUrl = page.url();

      // The author's name on their post leads to the same profile.
      await page.goto("/members/community");
      const post = page.getByRole("article").filter({ hasText: `My ladder prototype is done ${word}` });
      await post.getByRole("link", { name: author.account.name }).click();
      await expect(page).toHaveURL(profileUrl);
      await expect(page.getByRole("heading", { level: 1, name: author.account.name })).toBeVisible();
    });

    test("a member hides from the directory; an admin hides a profile's text and restores it", async ({ browser }) => {
      const word = uniqueWord();
      const shy = await signedInMember(browser, viewport, "shy");
      await saveMemberProfile(shy.page, { headline: `Quiet inventor ${word}` });
      const profilePath = `/members/people/${encodeURIComponent(((await (await shy.page.request.get("/api/me")).json()) as { user: { id: string } }).user.id)}`;

      const reader = await signedInMember(browser, viewport, "viewer");
      await searchDirectory(reader.page, word);
      await expect(reader.page.getByRole("listitem").filter({ hasText: shy.account.name })).toHaveCount(1);

      // The admin hides the text: others see only the name, the member is told, the admin still reads it.
      const admin = await (await browser.newContext({ viewport })).newPage();
      await signInThroughApi(admin.request, E2E_ADMIN.email, E2E_ADMIN.password);
      await admin.goto(profilePath);
      await expect(admin.getByText(`Quiet inventor ${word}`)).toBeVisible();
      await admin.getByRole("button", { name: "Hide text" }).click();
      await expect(admin.getByRole("button", { name: "Restore text" })).toBeVisible();
      await expect(admin.getByText("An admin hid this profile's text. You see it because you are an admin.")).toBeVisible();
      await expectNoSidewaysScroll(admin);
      await admin.screenshot({ path: `test-results/people-admin-${name}.png`, fullPage: true });

      await reader.page.goto(profilePath);
      await expect(reader.page.getByRole("heading", { level: 1, name: shy.account.name })).toBeVisible();
      await expect(reader.page.getByText(PEOPLE_MESSAGES.textHidden)).toBeVisible();
      await expect(reader.page.getByText(`Quiet inventor ${word}`)).toHaveCount(0);
      await shy.page.goto("/members/account");
      await expect(shy.page.getByText(PEOPLE_MESSAGES.ownTextHidden)).toBeVisible();

      await admin.getByRole("button", { name: "Restore text" }).click();
      await expect(admin.getByRole("button", { name: "Hide text" })).toBeVisible();
      await reader.page.reload();
      await expect(reader.page.getByText(`Quiet inventor ${word}`)).toBeVisible();

      // The member hides from the directory: not listed, and the profile is private to others.
      await shy.page.getByRole("form", { name: "Member profile" }).getByLabel(PEOPLE_MESSAGES.hideFromDirectory).check();
      await shy.page.getByRole("button", { name: "Save member profile" }).click();
      await expect(shy.page.getByText(PEOPLE_MESSAGES.saved)).toBeVisible();
      await searchDirectory(reader.page, word);
      await expect(reader.page.getByText(PEOPLE_MESSAGES.noResults)).toBeVisible();
      await reader.page.goto(profilePath);
      await expect(reader.page.getByText(PEOPLE_MESSAGES.privateProfile)).toBeVisible();
      await expect(reader.page.getByText(shy.account.name)).toBeVisible();
    });
  });
}
