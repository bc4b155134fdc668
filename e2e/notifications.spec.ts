import { expect, test, type Page } from "@playwright/test";
import { signUpAndOpenMembers } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";

const screenshotDir = process.env.SCREENSHOT_DIR;

function tag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The bell of the layout in view: the phone top bar's below 1024 px, the sidebar's above. */
const bell = (page: Page) => page.getByRole("link", { name: /^Notifications/ }).locator("visible=true");

async function postThroughApi(page: Page, content: string): Promise<number> {
  const response = await page.request.post("/api/community/posts", { data: { content }, headers: { Origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test.describe("the notification centre", () => {
  test("a reply in one browser lights the other's bell without a reload, and leads to the post", async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const author = await signUpAndOpenMembers(page, "bell-author");
    const text = `Who has shipped a product through Amazon FBA? ${tag()}`;
    const postId = await postThroughApi(page, text);
    await expect(bell(page)).toHaveAccessibleName("Notifications");

    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    const replier = await signUpAndOpenMembers(other, "bell-replier");
    await other.goto(`/members/community?post=${postId}`);
    const post = other.getByRole("article").filter({ hasText: text });
    await post.getByRole("button", { name: "Reply", exact: true }).click();
    await post.getByLabel("Write a reply").fill("Yes, two years now. Happy to share the prep checklist.");
    await post.getByRole("button", { name: "Post reply" }).click();
    await expect(post.getByTestId("reply")).toHaveCount(1);

    // No reload on the author's side: the stream brings it.
    await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
    await bell(page).click();
    await expect(page).toHaveURL("/members/notifications");
    const item = page.getByTestId("notification").first();
    await expect(item).toContainText(`${replier.name} replied to your post`);
    await expect(item).toContainText("Happy to share the prep checklist");
    await expectNoSeriousAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(bell(page)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/notifications-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await item.click();
    await expect(page).toHaveURL(`/members/community?post=${postId}`);
    await expect(page.getByRole("article").filter({ hasText: text })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(bell(page)).toHaveAccessibleName("Notifications");
    expect(author.email).not.toBe(replier.email);
    await otherContext.close();
  });

  test("marks all read, and shows an empty state for unread", async ({ page, browser }) => {
    await signUpAndOpenMembers(page, "bell-reader");
    const text = `Packaging suppliers in Texas? ${tag()}`;
    const postId = await postThroughApi(page, text);
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signUpAndOpenMembers(other, "bell-liker");
    const like = await other.request.post(`/api/community/posts/${postId}/like`, { headers: { Origin: new URL(other.url()).origin } });
    expect(like.ok()).toBe(true);
    await otherContext.close();

    await page.goto("/members/notifications");
    await expect(page.getByTestId("notification")).toHaveCount(1);
    await expect(page.getByTestId("notification")).toContainText("liked your post");
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByTestId("notification")).toHaveAttribute("data-read", "true");
    await expect(page.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
    await page.getByRole("button", { name: "Unread" }).click();
    await expect(page.getByText("No unread notifications.")).toBeVisible();
  });

  test("Account keeps a choice per kind of notification", async ({ page }) => {
    await signUpAndOpenMembers(page, "bell-chooser");
    await page.goto("/members/account");
    const replies = page.getByLabel("Replies", { exact: true });
    await expect(replies).toHaveValue("app");
    await replies.selectOption({ label: "Daily digest" });
    await expect(replies).toBeEnabled();
    await expect(replies).toHaveValue("daily");
    // Push is asked for only when the member chooses it: nothing prompts on arrival.
    await expect(page.getByTestId("push-device")).toContainText("Push notifications on this device");
    const pushReplies = page.getByRole("checkbox", { name: "Push replies" });
    await expect(pushReplies).not.toBeChecked();
    await pushReplies.check();
    await expect(pushReplies).toBeEnabled();
    await expectNoSeriousAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (screenshotDir) await page.locator("#notification-preferences").screenshot({ path: `${screenshotDir}/notification-preferences-${width}.png` });
    }
    await page.reload();
    await expect(page.getByLabel("Replies", { exact: true })).toHaveValue("daily");
    await expect(page.getByRole("checkbox", { name: "Push replies" })).toBeChecked();
  });
});
