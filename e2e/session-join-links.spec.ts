import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { newAccount, signInThroughApi, signUpThroughApi } from "./support/accounts";
import { newAdminApi, setMemberTier } from "./support/admin-api";
import { E2E_ADMIN } from "./support/environment";

/*
 * A session's join link: the admin sets it in its own field (the public location refuses links), a
 * member whose tier admits the session gets a Join button opening it in a new tab, and neither a lower
 * tier nor the public Masterminds page (nor its server-rendered HTML) ever holds it.
 */

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const title = `Pitch Clinic ${run}`;
const joinUrl = `https://meet.example.com/j/${run}`;
const nextYear = new Date().getFullYear() + 1;

let adminApi: APIRequestContext;
test.beforeAll(async () => {
  adminApi = await newAdminApi();
});
test.afterAll(async () => {
  await adminApi.dispose();
});

async function memberOfTier(browser: Browser, tier: "inventor" | "entrepreneur"): Promise<Page> {
  const member = await (await browser.newContext()).newPage();
  const account = newAccount(tier);
  await signUpThroughApi(member.request, account);
  await setMemberTier(adminApi, account.email, tier);
  return member;
}

test("an admin sets a join link; an Entrepreneur member sees Join, an Inventor member and the public page do not", async ({ page, browser }) => {
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/content");
  await expect(page.getByRole("tab", { name: "Mastermind Sessions" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: "Add Session" }).click();
  const form = page.getByRole("form", { name: "New session" });
  await expect(form.getByText("A place description, shown to everyone on the public Masterminds page. Links go in Join link.")).toBeVisible();
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Date").fill(`${nextYear}-05-20`);
  await form.getByLabel("Time").fill("10:00 AM-12:00 PM ET");
  await form.getByLabel("Description").fill("Five minutes each, then questions.");
  await form.getByLabel("Tier").selectOption({ label: "Entrepreneur & Above" });

  // A link pasted where everyone reads it is refused, and so is a join link that is not https.
  await form.getByLabel("Location").fill(`Zoom ${joinUrl}`);
  await form.getByLabel("Join link").fill("http://meet.example.com/j/1");
  await form.getByRole("button", { name: "Create Session" }).click();
  await expect(form.getByText("Links go in Join link: the location is shown to everyone", { exact: true })).toBeVisible();
  await expect(form.getByText("Please enter a valid join link starting with https://", { exact: true })).toBeVisible();

  await form.getByLabel("Location").fill("Video call");
  await form.getByLabel("Join link").fill(joinUrl);
  await form.getByRole("button", { name: "Create Session" }).click();
  await expect(page.getByText(`Session “${title}” added.`)).toBeVisible();

  const entrepreneur = await memberOfTier(browser, "entrepreneur");
  await entrepreneur.goto("/members/mastermind");
  const card = entrepreneur.locator("article").filter({ hasText: title });
  const join = card.getByRole("link", { name: `Join: ${title} (opens in a new tab)` });
  await expect(join).toHaveAttribute("href", joinUrl);
  await expect(join).toHaveAttribute("target", "_blank");
  await expect(join).toHaveAttribute("rel", "noopener noreferrer");
  await expect(join).toHaveText("Join");

  const inventor = await memberOfTier(browser, "inventor");
  const [inventorList] = await Promise.all([
    inventor.waitForResponse((response) => new URL(response.url()).pathname === "/api/members/sessions"),
    inventor.goto("/members/mastermind"),
  ]);
  expect(await inventorList.text()).not.toContain(joinUrl);
  await expect(inventor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(inventor.locator(`a[href="${joinUrl}"]`)).toHaveCount(0);
  await expect(inventor.getByRole("link", { name: /^Join/ })).toHaveCount(0);

  const visitor = await (await browser.newContext()).newPage();
  const html = await (await visitor.request.get("/mastermind")).text();
  expect(html).toContain(title);
  expect(html).not.toContain(joinUrl);
  await visitor.goto("/mastermind");
  await expect(visitor.getByText(title)).toBeVisible();
  await expect(visitor.locator(`a[href="${joinUrl}"]`)).toHaveCount(0);
  await expect(visitor.getByRole("link", { name: /^Join/ })).toHaveCount(0);
  // An Entrepreneur member on the public page: access to the programme, still no link.
  await entrepreneur.goto("/mastermind");
  await expect(entrepreneur.getByText(title)).toBeVisible();
  await expect(entrepreneur.locator(`a[href="${joinUrl}"]`)).toHaveCount(0);
  const publicCard = entrepreneur.locator("article").filter({ hasText: title });
  await expect(publicCard.getByRole("link", { name: "Get your join link in the members area" })).toHaveAttribute("href", "/members/mastermind");
});

test("a session without a join link yet says where it will appear, on the public page and in the members area, and promises no mail", async ({ browser }) => {
  const noLinkTitle = `Open Floor ${run}`;
  const created = await adminApi.post("/api/admin/sessions", {
    data: { title: noLinkTitle, date: `${nextYear}-06-11`, time: "10:00 AM-12:00 PM ET", location: "Video call", description: "Bring a question.", tier: "all", facilitator: "Host", participants: 10 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const entrepreneur = await memberOfTier(browser, "entrepreneur");
  await entrepreneur.goto("/members/mastermind");
  const card = entrepreneur.locator("article").filter({ hasText: noLinkTitle });
  await expect(card.getByText("The join link appears here once the host adds it.")).toBeVisible();
  await expect(card.getByRole("link", { name: /^Join/ })).toHaveCount(0);
  await entrepreneur.goto("/mastermind");
  const publicCard = entrepreneur.locator("article").filter({ hasText: noLinkTitle });
  await expect(publicCard.getByRole("link", { name: "RSVP in the members area; the join link appears there once the host adds it" })).toBeVisible();
  await expect(entrepreneur.getByText(/emailed to everyone who RSVPs|link is emailed/)).toHaveCount(0);
});
