import { expect, test, type Page } from "@playwright/test";
import { IDEMPOTENCY_KEY_HEADER } from "../common/contracts/idempotency";
import { signUpAndOpenMembers } from "./support/accounts";

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const isPostCreate = (page: Page) => (url: URL) => url.pathname === "/api/community/posts" && url.origin === new URL(page.url()).origin;

/** How many posts with exactly this text the server holds, as the member's feed lists them. */
async function postsWithText(page: Page, text: string): Promise<number> {
  const feed = (await (await page.request.get("/api/community/posts?limit=50")).json()) as { posts: Array<{ content: string }> };
  return feed.posts.filter((post) => post.content === text).length;
}

test.describe("retrying a post whose answer was lost", () => {
  test("the composer sends an Idempotency-Key, keeps it for the retry after a network failure, and the post shows once", async ({ page }) => {
    await signUpAndOpenMembers(page, "retry");
    await page.goto("/members/community");
    await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
    const keys: string[] = [];
    let answersToLose = 1;
    await page.route(isPostCreate(page), async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      keys.push(route.request().headers()[IDEMPOTENCY_KEY_HEADER.toLowerCase()] ?? "(none)");
      if (answersToLose === 0) return route.fallback();
      answersToLose -= 1;
      // The post reaches the server and is written; its answer never reaches the browser.
      await route.fetch();
      await route.abort("connectionreset");
    });

    const text = `Posted while the line dropped ${tag()}`;
    const form = page.getByRole("form", { name: "Post to Community" });
    await form.getByLabel("Your post").fill(text);
    await form.getByRole("button", { name: "Post", exact: true }).click();
    await expect(form.getByText("Failed to publish your post. Please try again.")).toBeVisible();
    expect(await postsWithText(page, text)).toBe(1);

    await form.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByRole("article").filter({ hasText: text })).toHaveCount(1);
    await expect(form.getByLabel("Your post")).toHaveValue("");
    expect(await postsWithText(page, text)).toBe(1);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);

    // Once it went through, the same words again are a new post under a new key.
    await form.getByLabel("Your post").fill(text);
    await form.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByRole("article").filter({ hasText: text })).toHaveCount(2);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
