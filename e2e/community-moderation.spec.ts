import { expect, request, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { MODERATION_MESSAGES } from "../common/contracts/community";
import { newAccount, signInThroughApi, signUpAndOpenMembers, signUpThroughApi } from "./support/accounts";
import { newAdminApi, readOutbox, setMemberTier, waitForMailTo, type OutboxMessage } from "./support/admin-api";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { E2E_ADMIN, E2E_BASE_URL } from "./support/environment";

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const screenshotDir = process.env.SCREENSHOT_DIR;

async function openCommunity(page: Page): Promise<void> {
  await page.goto("/members/community");
  await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
}

async function publish(page: Page, text: string): Promise<Locator> {
  const form = page.getByRole("form", { name: "Post to Community" });
  await form.getByLabel("Your post").fill(text);
  await form.getByRole("button", { name: "Post", exact: true }).click();
  const post = page.getByRole("article").filter({ hasText: text });
  await expect(post).toBeVisible();
  return post;
}

/** The id of the post with this text, from the feed the page's member sees. */
async function postIdOf(page: Page, text: string): Promise<number> {
  const feed = (await (await page.request.get("/api/community/posts?limit=50")).json()) as { posts: Array<{ id: number; content: string }> };
  const id = feed.posts.find((post) => post.content === text)?.id;
  if (id === undefined) throw new Error(`no post "${text}" in the feed`);
  return id;
}

/**
 * A member signed up and signed in through the API only, for flags that need no screen. A paying one's
 * flags count towards hiding (this server counts accounts as established at once:
 * COMMUNITY_FLAG_TRUST_DAYS=0); a free one's only reach the queue.
 */
async function apiMember(tier: "free" | "inventor" = "free") {
  const api = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const account = newAccount("flagger");
  await signUpThroughApi(api, account);
  if (tier !== "free") {
    const adminApi = await newAdminApi();
    await setMemberTier(adminApi, account.email, tier);
    await adminApi.dispose();
  }
  return api;
}

/** The newest mail to `to` whose subject holds `subject`, once it is in the outbox. */
async function waitForMail(adminApi: APIRequestContext, to: string, subject: string): Promise<OutboxMessage> {
  const find = async () => (await readOutbox(adminApi)).find((message) => message.to.toLowerCase() === to.toLowerCase() && message.subject.includes(subject));
  await expect.poll(async () => Boolean(await find()), { message: `a mail to ${to} about "${subject}"`, timeout: 15_000 }).toBe(true);
  const found = await find();
  if (!found) throw new Error(`no mail to ${to} about "${subject}"`);
  return found;
}

test.describe("community moderation", () => {
  test("paying members flag a post until it is hidden, its author is told; an admin suspends the author and approves it", async ({ page, browser }) => {
    // Three members, an admin and the author in one journey.
    test.setTimeout(120_000);
    const author = await signUpAndOpenMembers(page, "spammer");
    const text = `Cheap patents, DM me now ${tag()}`;
    await openCommunity(page);
    await publish(page, text);

    const flaggerContext = await browser.newContext();
    const flagger = await flaggerContext.newPage();
    const reader = await signUpAndOpenMembers(flagger, "reader");
    const adminApi = await newAdminApi();
    await setMemberTier(adminApi, reader.email, "inventor");
    await openCommunity(flagger);
    const seen = flagger.getByRole("article").filter({ hasText: text });
    await seen.getByRole("button", { name: `Flag post by ${author.name}` }).click();
    const dialog = flagger.getByRole("dialog", { name: "Flag this post" });
    await dialog.getByRole("button", { name: "Flag", exact: true }).click();
    await expect(dialog.getByText("Reason must be at least 3 characters")).toBeVisible();
    await dialog.getByLabel("Reason").fill("Advertising in the community");
    await dialog.getByRole("button", { name: "Flag", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(seen.getByRole("button", { name: "Flagged" })).toBeDisabled();
    await expectNoSeriousAxeViolations(flagger);

    // A free member's flag reaches the queue but hides nothing; two more paying members' flags hide it.
    const postId = await postIdOf(flagger, text);
    const free = await apiMember("free");
    expect((await free.post(`/api/community/posts/${postId}/flag`, { data: { reason: "Spam link" } })).status()).toBe(201);
    await free.dispose();
    for (const reason of ["Spam", "Scam offer"]) {
      const member = await apiMember("inventor");
      expect((await member.post(`/api/community/posts/${postId}/flag`, { data: { reason } })).status()).toBe(201);
      await member.dispose();
    }
    // Checked once the feed has been read again and shown: before that, no post is on screen either.
    const feedRead = flagger.waitForResponse((response) => new URL(response.url()).pathname === "/api/community/posts");
    await flagger.reload();
    expect(await (await feedRead).text()).not.toContain(text);
    await expect(flagger.getByText("Loading posts")).toHaveCount(0);
    await expect(flagger.getByRole("article").filter({ hasText: text })).toHaveCount(0);
    await flaggerContext.close();

    // Its author still sees it, with why and what they can do, and is mailed the same with a link.
    await openCommunity(page);
    const own = page.getByRole("article").filter({ hasText: text });
    await expect(own.getByTestId("hidden-for-review")).toHaveText(MODERATION_MESSAGES.hiddenForReview("post"));
    await expect(own.getByText("Hidden from members")).toBeVisible();
    await expect(own.getByRole("button", { name: /^Like,/ })).toHaveCount(0);
    await expect(own.getByRole("button", { name: "Reply", exact: true })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/community-hidden-for-review-1280.png` });
    const hiddenMail = await waitForMail(adminApi, author.email, "your post is hidden until a moderator reviews it");
    expect(hiddenMail.text).toContain(MODERATION_MESSAGES.hiddenForReview("post"));
    expect(hiddenMail.text).toContain(`${E2E_BASE_URL}/members/community`);

    // The admin's queue, from the admin sidebar.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInThroughApi(admin.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto("/admin");
    await admin.getByRole("link", { name: "Moderation" }).first().click();
    await expect(admin.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
    const item = admin.getByTestId("moderation-item").filter({ hasText: text });
    await expect(item).toContainText("Hidden from members");
    await expect(item).toContainText("4 flags");
    for (const reason of ["Advertising in the community", "Spam link", "Spam", "Scam offer"]) await expect(item).toContainText(reason);
    await expectNoSeriousAxeViolations(admin);
    for (const width of [390, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      if (screenshotDir) await admin.screenshot({ path: `${screenshotDir}/moderation-${width}.png`, fullPage: true });
    }

    await item.getByRole("button", { name: "Suspend author" }).click();
    const suspend = admin.getByRole("dialog", { name: `Suspend ${author.name}` });
    await suspend.getByLabel("Days").fill("3");
    await suspend.getByLabel("Message to the member").fill("Please stop advertising. You can post again in three days.");
    if (screenshotDir) await admin.screenshot({ path: `${screenshotDir}/moderation-suspend-1280.png` });
    await suspend.getByRole("button", { name: "Suspend and email" }).click();
    await expect(admin.getByText(`${author.name} is suspended until`)).toBeVisible();
    const mail = await waitForMail(adminApi, author.email, "you are suspended from the community until");
    expect(mail.text).toContain("Please stop advertising.");

    await item.getByRole("button", { name: "Approve" }).click();
    await expect(admin.getByTestId("moderation-item").filter({ hasText: text })).toHaveCount(0);
    await adminContext.close();

    // The author sees the post shown again (no notice), and why they cannot post now.
    await openCommunity(page);
    await expect(page.getByRole("article").filter({ hasText: text })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: text }).getByTestId("hidden-for-review")).toHaveCount(0);
    const notice = page.getByTestId("suspension-notice");
    await expect(notice).toContainText("You are suspended from the community until");
    await expect(notice).toContainText("Please stop advertising.");
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/community-suspended-${width}.png` });
    }
    const form = page.getByRole("form", { name: "Post to Community" });
    await form.getByLabel("Your post").fill("Back again");
    await form.getByRole("button", { name: "Post", exact: true }).click();
    await expect(form.getByRole("alert")).toContainText("Your account is suspended from the community until");
    await adminApi.dispose();
  });

  test("a member edits their post, mentions another who is emailed, and that member turns mention emails off", async ({ page, browser }) => {
    const mentionedContext = await browser.newContext();
    const mentionedPage = await mentionedContext.newPage();
    const mentioned = await signUpAndOpenMembers(mentionedPage, "mentioned");

    await signUpAndOpenMembers(page, "writer");
    await openCommunity(page);
    const unique = tag();
    const post = await publish(page, `Draft about tooling ${unique}`);
    // "edited" marks changes made more than a second after posting (format.ts wasEdited).
    await page.waitForTimeout(1100);
    await post.getByRole("button", { name: /^Edit post by/ }).click();
    const editing = page.getByRole("article").filter({ has: page.getByLabel("Edit your post") });
    await editing.getByLabel("Edit your post").fill(`Thanks @${mentioned.name} for the tooling tips ${unique}`);
    await editing.getByRole("button", { name: "Save changes" }).click();
    const edited = page.getByRole("article").filter({ hasText: `for the tooling tips ${unique}` });
    await expect(edited.getByTestId("post-content")).toHaveText(`Thanks @${mentioned.name} for the tooling tips ${unique}`);
    await expect(edited).toContainText("edited");

    const adminApi = await newAdminApi();
    const mail = await waitForMailTo(adminApi, mentioned.email);
    expect(mail.subject).toContain("mentioned you in");
    expect(mail.text).toContain("for the tooling tips");
    await adminApi.dispose();

    await mentionedPage.goto("/members/account");
    const notifications = mentionedPage.getByLabel("Mentions", { exact: true });
    await expect(notifications).toHaveValue("email");
    await expectNoSeriousAxeViolations(mentionedPage);
    await notifications.selectOption({ label: "In the app" });
    await expect(notifications).toHaveValue("app");
    // Shown at once, saved when the choice is enabled again: only then may the page go.
    await expect(notifications).toBeEnabled();
    for (const width of [390, 1280]) {
      await mentionedPage.setViewportSize({ width, height: 900 });
      if (screenshotDir) await mentionedPage.screenshot({ path: `${screenshotDir}/account-notifications-${width}.png`, fullPage: true });
    }
    await mentionedPage.reload();
    await expect(mentionedPage.getByLabel("Mentions", { exact: true })).toHaveValue("app");
    await mentionedContext.close();
  });

  test("a locked post shows why it takes no replies", async ({ page }) => {
    await signUpAndOpenMembers(page, "locked");
    await openCommunity(page);
    const text = `Closed topic ${tag()}`;
    await publish(page, text);
    const adminApi = await newAdminApi();
    const id = await postIdOf(page, text);
    expect((await adminApi.patch(`/api/admin/community/posts/${id}/moderation`, { data: { locked: true } })).status()).toBe(204);
    await adminApi.dispose();
    await page.reload();
    const post = page.getByRole("article").filter({ hasText: text });
    await expect(post).toContainText(MODERATION_MESSAGES.locked);
    await expect(post.getByRole("button", { name: "Reply" })).toHaveCount(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (screenshotDir) await post.screenshot({ path: `${screenshotDir}/locked-post-${width}.png` });
    }
  });

  test("two members share a name: the writer picks one from the mention list and only that one is emailed", async ({ page }) => {
    const name = `Jordan Twin ${tag()}`;
    const twins = [{ ...newAccount("twin"), name }, { ...newAccount("twin"), name }];
    for (const twin of twins) {
      const api = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { Origin: E2E_BASE_URL } });
      await signUpThroughApi(api, twin);
      await api.dispose();
    }
    const adminApi = await newAdminApi();
    const [first, second] = twins as [(typeof twins)[number], (typeof twins)[number]];
    await setMemberTier(adminApi, second.email, "entrepreneur");

    await signUpAndOpenMembers(page, "picker");
    await openCommunity(page);
    const form = page.getByRole("form", { name: "Post to Community" });
    const box = form.getByLabel("Your post");
    await box.pressSequentially(`Great supplier tip @${name.split(" ").slice(0, 2).join(" ")}`);
    const list = page.getByRole("listbox", { name: "Members to mention" });
    const options = list.getByRole("option", { name: new RegExp(name) });
    await expect(options).toHaveCount(2);
    await expect(list.getByRole("option", { name: /Entrepreneur/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/mention-list-1280.png` });
    await box.press("ArrowDown");
    await expect(list.getByRole("option", { selected: true })).toContainText("Entrepreneur");
    await box.press("Enter");
    await expect(list).toBeHidden();
    await expect(box).toHaveValue(`Great supplier tip @${name} `);
    await form.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByRole("article").filter({ hasText: `Great supplier tip @${name}` })).toBeVisible();

    const mail = await waitForMailTo(adminApi, second.email);
    expect(mail.subject).toContain("mentioned you in");
    // The job mails everyone a post mentions in one go: once the picked twin has mail, the other has none.
    expect((await readOutbox(adminApi)).some((message) => message.to.toLowerCase() === first.email.toLowerCase())).toBe(false);
    await adminApi.dispose();
  });

  test("the moderation queue pages through flagged items, with the total", async ({ page }) => {
    test.setTimeout(120_000);
    const adminApi = await newAdminApi();
    const stamp = tag();
    const ids: number[] = [];
    // A member may flag 5 items a minute: a new one flags each five.
    let flagger = await apiMember();
    for (let index = 1; index <= 21; index += 1) {
      const created = await adminApi.post("/api/admin/community/posts", { data: { content: `Paging check ${stamp} number ${index}` } });
      expect(created.status()).toBe(201);
      const id = ((await created.json()) as { id: number }).id;
      ids.push(id);
      if (index > 1 && index % 5 === 1) {
        await flagger.dispose();
        flagger = await apiMember();
      }
      expect((await flagger.post(`/api/community/posts/${id}/flag`, { data: { reason: "Looks like spam" } })).status()).toBe(201);
    }
    await flagger.dispose();
    const total = ((await (await adminApi.get("/api/admin/moderation/queue")).json()) as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(21);

    try {
      await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto("/admin/moderation");
      await expect(page.getByTestId("moderation-total")).toHaveText(`${total} flagged items to review, oldest flag first`);
      await expect(page.getByTestId("moderation-item")).toHaveCount(20);
      const pager = page.getByRole("navigation", { name: "Moderation queue pages" });
      const pages = Math.ceil(total / 20);
      await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();
      await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
      for (let shown = 2; shown <= pages; shown += 1) {
        await pager.getByRole("button", { name: "Next" }).click();
        await expect(pager.getByText(`Page ${shown} of ${pages}`)).toBeVisible();
      }
      // Oldest flag first: the newest flagged post is on the last page.
      await expect(page.getByTestId("moderation-item").filter({ hasText: `Paging check ${stamp} number 21` })).toBeVisible();
      await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
      await expectNoSeriousAxeViolations(page);
    } finally {
      // Decided, so the other journeys find their flagged items on the first page.
      for (const id of ids) expect((await adminApi.post(`/api/admin/moderation/posts/${id}/decision`, { data: { decision: "delete" } })).status()).toBe(204);
      await adminApi.dispose();
    }
  });
});
