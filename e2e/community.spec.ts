import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { CONTENT_MESSAGES } from "../common/content";
import { signInThroughApi, signUpAndOpenMembers, type TestAccount } from "./support/accounts";
import { newAdminApi, setMemberTier, waitForMailTo } from "./support/admin-api";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { E2E_ADMIN, E2E_BASE_URL } from "./support/environment";

/** A tag that makes each test's posts unique across tests and runs. */
function tag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function openCommunity(page: Page): Promise<void> {
  await page.goto("/members/community");
  await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
}

function composer(page: Page): Locator {
  return page.getByRole("form", { name: "Post to Community" });
}

/** The post (with its replies) whose text contains `text`. */
function postWith(page: Page, text: string): Locator {
  return page.getByRole("article").filter({ hasText: text });
}

async function publish(page: Page, text: string, category?: string): Promise<Locator> {
  const form = composer(page);
  await form.getByLabel("Your post").fill(text);
  if (category) await form.getByLabel("Category").selectOption({ label: category });
  await form.getByRole("button", { name: "Post", exact: true }).click();
  const post = postWith(page, text);
  await expect(post).toBeVisible();
  return post;
}

/** A second signed-in member in their own browser context, on the community page. */
async function secondMember(browser: Browser, prefix: string): Promise<{ page: Page; account: TestAccount; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUpAndOpenMembers(page, prefix);
  return { page, account, close: () => context.close() };
}

/** Writes (anything but GET) the page sends to the community API. */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET" && new URL(request.url()).pathname.startsWith("/api/community/")) writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return writes;
}

test.describe("the community board", () => {
  test("two members see each other's posts, like them (0 → 1 → 0) and reply", async ({ page, browser }) => {
    const author = await signUpAndOpenMembers(page, "poster");
    const text = `Has anyone worked with a silicone molder in Ohio? ${tag()}`;
    await openCommunity(page);
    const mine = await publish(page, text, "Manufacturing");
    await expect(composer(page).getByLabel("Your post")).toHaveValue("");
    await expect(mine.getByRole("paragraph").filter({ hasText: author.name })).toBeVisible();
    await expect(mine).toContainText("Free Member");
    await expect(mine).toContainText("Manufacturing");
    await expect(mine).toContainText("Just now");

    const reader = await secondMember(browser, "reader");
    const adminApi = await newAdminApi();
    await setMemberTier(adminApi, reader.account.email, "inventor");
    await openCommunity(reader.page);
    const seen = postWith(reader.page, text);
    await expect(seen).toBeVisible();
    await expect(seen).toContainText(author.name);
    // Someone else's post: no edit or delete.
    await expect(seen.getByRole("button", { name: /^(Edit|Delete) post/ })).toHaveCount(0);

    const like = seen.getByRole("button", { name: /^Like,/ });
    await expect(like).toHaveAccessibleName("Like, 0 likes");
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(like).toHaveAccessibleName("Like, 1 like");
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await like.click();
    await expect(like).toHaveAccessibleName("Like, 0 likes");
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(like).toHaveAccessibleName("Like, 1 like");

    const replyText = `Try the Dayton shop, they did my first run. ${tag()}`;
    await seen.getByRole("button", { name: "Reply", exact: true }).click();
    await seen.getByLabel("Write a reply").fill(replyText);
    await seen.getByRole("button", { name: "Post reply" }).click();
    const reply = seen.getByTestId("reply").filter({ hasText: replyText });
    await expect(reply).toBeVisible();
    await expect(reply).toContainText(reader.account.name);
    await expect(reply).toContainText("Inventor");
    await expect(seen).toContainText("1 reply");

    // The author sees the like and the reply; the like is not theirs.
    await page.reload();
    const mineAgain = postWith(page, text);
    await expect(mineAgain.getByRole("button", { name: /^Like,/ })).toHaveAccessibleName("Like, 1 like");
    await expect(mineAgain.getByRole("button", { name: /^Like,/ })).toHaveAttribute("aria-pressed", "false");
    await expect(mineAgain.getByTestId("reply").filter({ hasText: replyText })).toContainText(reader.account.name);
    await expectNoSeriousAxeViolations(page);
    await reader.close();
    await adminApi.dispose();
  });

  test("a post or reply that is blank after trimming sends nothing", async ({ page }) => {
    await signUpAndOpenMembers(page, "blank");
    await openCommunity(page);
    const writes = recordWrites(page);

    await composer(page).getByLabel("Your post").fill("   \n\t  ");
    await composer(page).getByRole("button", { name: "Post", exact: true }).click();
    await expect(composer(page).getByLabel("Your post")).toHaveValue("   \n\t  ");

    // A real post afterwards: had the blank one gone out, it would be recorded before this one.
    const text = `A real post after a blank one ${tag()}`;
    const post = await publish(page, text);
    expect(writes).toEqual(["POST /api/community/posts"]);

    await post.getByRole("button", { name: "Reply", exact: true }).click();
    await post.getByLabel("Write a reply").fill("    ");
    await post.getByRole("button", { name: "Post reply" }).click();
    await expect(post.getByLabel("Write a reply")).toBeVisible();
    await post.getByLabel("Write a reply").fill("Now with words");
    await post.getByRole("button", { name: "Post reply" }).click();
    await expect(post.getByTestId("reply").filter({ hasText: "Now with words" })).toBeVisible();
    expect(writes).toEqual(["POST /api/community/posts", expect.stringMatching(/^POST \/api\/community\/posts\/\d+\/replies$/)]);
  });

  test("markup in a post or reply is shown as text and never runs", async ({ page, browser }) => {
    await signUpAndOpenMembers(page, "markup");
    await openCommunity(page);
    const unique = tag();
    const text = `<script>window.__communityScriptRan = true</script><b>bold</b> <img src=x onerror="window.__communityImgRan = true"> ${unique}`;
    const post = await publish(page, text);
    await expect(post.getByTestId("post-content")).toHaveText(text);

    await post.getByRole("button", { name: "Reply", exact: true }).click();
    const replyText = `<i>italic</i><script>window.__communityScriptRan = true</script> ${unique}`;
    await post.getByLabel("Write a reply").fill(replyText);
    await post.getByRole("button", { name: "Post reply" }).click();
    await expect(post.getByTestId("reply-content")).toHaveText(replyText);

    // Freshly rendered from the server's copy, in another member's browser.
    const reader = await secondMember(browser, "markup-reader");
    await openCommunity(reader.page);
    for (const viewer of [page, reader.page]) {
      const shown = postWith(viewer, unique);
      await expect(shown.getByTestId("post-content")).toHaveText(text);
      await expect(shown.getByTestId("reply-content")).toHaveText(replyText);
      for (const element of ["b", "i", "script", "img"]) await expect(shown.locator(`[data-testid$="content"] ${element}`)).toHaveCount(0);
      expect(await viewer.evaluate(() => (window as unknown as Record<string, unknown>).__communityScriptRan)).toBeUndefined();
      expect(await viewer.evaluate(() => (window as unknown as Record<string, unknown>).__communityImgRan)).toBeUndefined();
    }
    await reader.close();
  });

  test("the category list filters the feed, and a new post starts in the chosen category", async ({ page }) => {
    await signUpAndOpenMembers(page, "filter");
    await openCommunity(page);
    const categories = page.getByRole("group", { name: "Filter posts by category" });
    await expect(categories.getByRole("button")).toHaveText(["All", "Product Development", "Manufacturing", "Marketing", "Funding", "Scaling"]);
    await expect(categories.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");

    const unique = tag();
    const marketing = `Which launch channel worked best for you? ${unique}`;
    const funding = `Angel or bank loan for a first production run? ${unique}`;
    await publish(page, marketing, "Marketing");
    await publish(page, funding, "Funding");

    await categories.getByRole("button", { name: "Marketing" }).click();
    await expect(categories.getByRole("button", { name: "Marketing" })).toHaveAttribute("aria-pressed", "true");
    await expect(postWith(page, marketing)).toBeVisible();
    await expect(postWith(page, funding)).toHaveCount(0);
    await expect(composer(page).getByLabel("Category")).toHaveValue("marketing");

    await categories.getByRole("button", { name: "Funding" }).click();
    await expect(postWith(page, funding)).toBeVisible();
    await expect(postWith(page, marketing)).toHaveCount(0);

    // Posted while Funding is chosen: filed under Funding without touching the select.
    const another = `Crowdfunding first, or retail first? ${unique}`;
    await publish(page, another);
    await expect(postWith(page, another)).toContainText("Funding");

    await categories.getByRole("button", { name: "All" }).click();
    for (const text of [marketing, funding, another]) await expect(postWith(page, text)).toBeVisible();
  });

  test("a member edits and deletes their own post and reply", async ({ page }) => {
    await signUpAndOpenMembers(page, "editor");
    await openCommunity(page);
    const unique = tag();
    const post = postWith(page, unique);
    await publish(page, `First draft of my question ${unique}`);

    await post.getByRole("button", { name: /^Edit post by/ }).click();
    // While the text is being changed the post is found by its editor.
    const editing = page.getByRole("article").filter({ has: page.getByLabel("Edit your post") });
    const editor = editing.getByLabel("Edit your post");
    await expect(editor).toHaveValue(`First draft of my question ${unique}`);
    const writes = recordWrites(page);
    await editor.fill("   ");
    await editing.getByRole("button", { name: "Save changes" }).click();
    await expect(editing.getByText("Post content is required")).toBeVisible();
    expect(writes).toEqual([]);

    await editor.fill(`Edited: which patent attorney do you use? ${unique}`);
    await editing.getByLabel("Category").selectOption({ label: "Scaling" });
    await editing.getByRole("button", { name: "Save changes" }).click();
    await expect(post.getByTestId("post-content")).toHaveText(`Edited: which patent attorney do you use? ${unique}`);
    await expect(post).toContainText("Scaling");
    await page.reload();
    await expect(post.getByTestId("post-content")).toHaveText(`Edited: which patent attorney do you use? ${unique}`);

    await post.getByRole("button", { name: "Reply", exact: true }).click();
    await post.getByLabel("Write a reply").fill("A reply to fix later");
    await post.getByRole("button", { name: "Post reply" }).click();
    const reply = post.getByTestId("reply");
    await expect(reply).toHaveCount(1);
    await reply.getByRole("button", { name: /^Edit reply by/ }).click();
    await reply.getByLabel("Edit your reply").fill("A reply, fixed");
    await reply.getByRole("button", { name: "Save changes" }).click();
    await expect(reply.getByLabel("Edit your reply")).toHaveCount(0);
    await expect(reply.getByTestId("reply-content")).toHaveText("A reply, fixed");
    await reply.getByRole("button", { name: /^Delete reply by/ }).click();
    const replyDialog = page.getByRole("dialog");
    await expect(replyDialog).toContainText("Are you sure you want to delete this reply?");
    await replyDialog.getByRole("button", { name: CONTENT_MESSAGES.yesDelete }).click();
    await expect(reply).toHaveCount(0);
    await expect(post).toContainText("0 replies");

    await post.getByRole("button", { name: /^Delete post by/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(CONTENT_MESSAGES.confirmDeletePost);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(post).toBeVisible();

    await post.getByRole("button", { name: /^Delete post by/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: CONTENT_MESSAGES.yesDelete }).click();
    await expect(post).toHaveCount(0);
    await expect(page.getByText("Post deleted.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("article").first()).toBeVisible();
    await expect(post).toHaveCount(0);
  });

  test("posting too fast shows the server's message and keeps the text", async ({ page }) => {
    await signUpAndOpenMembers(page, "fast");
    // Posts and replies share a budget per member; spend it through the API, then post from the page.
    let status = 201;
    for (let sent = 0; sent < 20 && status === 201; sent += 1) {
      const response = await page.request.post("/api/community/posts", { data: { content: `Burst post ${sent} ${tag()}` }, headers: { Origin: E2E_BASE_URL } });
      status = response.status();
    }
    expect(status).toBe(429);

    await openCommunity(page);
    const text = `One more thought ${tag()}`;
    await composer(page).getByLabel("Your post").fill(text);
    await composer(page).getByRole("button", { name: "Post", exact: true }).click();
    await expect(composer(page).getByRole("alert")).toHaveText(CONTENT_MESSAGES.postingTooFast);
    await expect(composer(page).getByLabel("Your post")).toHaveValue(text);
    await expect(postWith(page, text)).toHaveCount(0);
  });

  test("the feed loads page by page with Load more posts", async ({ page }) => {
    const adminApi = await newAdminApi();
    const unique = tag();
    for (let index = 1; index <= 21; index += 1) {
      const response = await adminApi.post("/api/admin/community/posts", { data: { content: `Paging check ${unique} #${index}.`, category: "general", accessLevel: "all", featured: false } });
      expect(response.status()).toBe(201);
    }
    await adminApi.dispose();

    await signUpAndOpenMembers(page, "pager");
    await openCommunity(page);
    await expect(postWith(page, `${unique} #21.`)).toBeVisible();
    await expect(postWith(page, `${unique} #1.`)).toHaveCount(0);
    await page.getByRole("button", { name: "Load more posts" }).click();
    await expect(postWith(page, `${unique} #1.`)).toBeVisible();
    // Newest first, across both pages.
    const order = await page.getByRole("article").filter({ hasText: unique }).getByTestId("post-content").allTextContents();
    expect(order).toEqual(Array.from({ length: 21 }, (_, index) => `Paging check ${unique} #${21 - index}.`));
  });
});

test.describe("Content Management → Community Discussions", () => {
  test("an admin adds, edits and deletes posts, mentions a member from the pick list; members see the author Admin and only the levels they may", async ({ page, browser }) => {
    const member = await secondMember(browser, "admin-reader");
    await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin/content");
    await page.getByRole("tab", { name: "Community Discussions" }).click();
    const tab = page.getByRole("tabpanel", { name: "Community Discussions" });
    await expect(tab.getByRole("heading", { name: "Community Discussions" })).toBeVisible();
    await expect(tab.getByRole("group", { name: "Filter posts by category" }).getByRole("button")).toHaveText([
      "All",
      "General",
      "Product Development",
      "Manufacturing",
      "Marketing",
      "Funding",
      "Scaling",
    ]);

    const unique = tag();
    const announcement = `Office hours move to Thursdays this month. ${unique}`;
    const vipOnly = `Brand CEO dinner guest list is open. ${unique}`;

    await tab.getByRole("button", { name: "Add Post" }).click();
    await tab.getByRole("button", { name: "Add Post" }).click();
    await expect(tab.getByText("Post content is required")).toBeVisible();
    // The members' mention list: the typed start of a name offers the member, Enter writes their full name.
    const draft = `Office hours move. ${unique} Thanks @${member.account.name}`;
    await tab.getByLabel("Content").fill(`Office hours move. ${unique} Thanks `);
    await tab.getByLabel("Content").pressSequentially(`@${member.account.name.split(" ").slice(1).join(" ")}`);
    const mentionList = page.getByRole("listbox", { name: "Members to mention" });
    await expect(mentionList.getByRole("option")).toHaveCount(1);
    await expect(mentionList.getByRole("option")).toContainText(member.account.name);
    await tab.getByLabel("Content").press("Enter");
    await expect(mentionList).toBeHidden();
    await expect(tab.getByLabel("Content")).toHaveValue(`${draft} `);
    await tab.getByLabel("Category", { exact: true }).selectOption({ label: "Funding" });
    await tab.getByLabel("Access level").selectOption({ label: "All Members" });
    await tab.getByLabel("Featured").check();
    await tab.getByRole("button", { name: "Add Post" }).click();
    await expect(tab.getByText("Post published.")).toBeVisible();
    const adminPost = tab.getByRole("article").filter({ hasText: draft });
    await expect(adminPost).toContainText("Admin");
    await expect(adminPost).toContainText("Featured");
    await expect(adminPost).toContainText("All Members");
    await expect(adminPost).not.toContainText(E2E_ADMIN.name);

    await tab.getByRole("button", { name: "Add Post" }).click();
    await tab.getByLabel("Content").fill(vipOnly);
    await tab.getByLabel("Access level").selectOption({ label: "Brand CEO Only" });
    await tab.getByRole("button", { name: "Add Post" }).click();
    const vipPost = tab.getByRole("article").filter({ hasText: vipOnly });
    await expect(vipPost).toContainText("Brand CEO Only");
    await expectNoSeriousAxeViolations(page);

    await adminPost.getByRole("button", { name: /^Edit post by Admin/ }).click();
    await expect(tab.getByLabel("Content")).toHaveValue(draft);
    await expect(tab.getByLabel("Featured")).toBeChecked();
    await tab.getByLabel("Content").fill(announcement);
    await tab.getByRole("button", { name: "Save changes" }).click();
    await expect(tab.getByText("Post updated.")).toBeVisible();
    const edited = tab.getByRole("article").filter({ hasText: announcement });
    await expect(edited).toContainText("Featured");
    await expect(edited).toContainText("Funding");

    await tab.getByRole("group", { name: "Filter posts by category" }).getByRole("button", { name: "Funding" }).click();
    await expect(edited).toBeVisible();
    await expect(vipPost).toHaveCount(0);
    await tab.getByRole("group", { name: "Filter posts by category" }).getByRole("button", { name: "All" }).click();
    await expect(vipPost).toBeVisible();

    const adminApi = await newAdminApi();
    expect((await waitForMailTo(adminApi, member.account.email)).subject).toContain("mentioned you in");
    await adminApi.dispose();

    // A free member: the featured admin post leads the feed under the author Admin; the Brand CEO post is not there.
    await openCommunity(member.page);
    const first = member.page.getByRole("article").first();
    await expect(first.getByTestId("post-content")).toHaveText(announcement);
    await expect(first.getByRole("paragraph").filter({ hasText: /^Admin$/ })).toBeVisible();
    await expect(first).toContainText("Featured");
    await expect(first.getByRole("button", { name: /^(Edit|Delete) post/ })).toHaveCount(0);
    await expect(postWith(member.page, vipOnly)).toHaveCount(0);
    await member.close();

    // Two-step delete: the icon, then Cancel or Yes, Delete.
    await vipPost.getByRole("button", { name: /^Delete post by Admin/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(CONTENT_MESSAGES.confirmDeletePost);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(vipPost).toBeVisible();
    await vipPost.getByRole("button", { name: /^Delete post by Admin/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: CONTENT_MESSAGES.yesDelete }).click();
    await expect(vipPost).toHaveCount(0);
  });

  test("an empty category says so", async ({ page }) => {
    await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    // Other tests may have posted in any category, so this one answers empty for Scaling.
    await page.route(/\/api\/community\/posts\?category=scaling/, (route) => route.fulfill({ json: { posts: [], nextCursor: null } }));
    await page.goto("/admin/content");
    await page.getByRole("tab", { name: "Community Discussions" }).click();
    const tab = page.getByRole("tabpanel", { name: "Community Discussions" });
    await tab.getByRole("group", { name: "Filter posts by category" }).getByRole("button", { name: "Scaling" }).click();
    await expect(tab.getByText(CONTENT_MESSAGES.noPostsInCategory)).toBeVisible();
  });
});
