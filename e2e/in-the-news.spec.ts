import { expect, test } from "@playwright/test";
import { NEWS_MESSAGES } from "../common/contracts/marketing";
import { FEED_ITEMS } from "./support/news-feed";
import { stubThirdPartyEmbeds } from "./support/third-party";

test.describe("In The News", () => {
  test("banner, featured interview in a new tab, and three videos that load only when played", async ({ page }) => {
    const embeds = await stubThirdPartyEmbeds(page);
    await page.goto("/in-the-news");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("In The News");
    const interview = page.getByRole("link", { name: /Read the full interview/ });
    await expect(interview).toHaveAttribute("target", "_blank");
    await expect(interview).toHaveAttribute("rel", /noopener/);

    const videos = page.getByRole("region", { name: "Past Products in the News" });
    await expect(videos.getByRole("button", { name: /^Play video:/ })).toHaveCount(3);
    await expect(videos.locator("iframe")).toHaveCount(0);
    await videos.getByRole("button", { name: "Play video: From a sea bag to a store shelf" }).click();
    await expect(videos.locator("iframe")).toHaveCount(1);
    await expect(videos.locator("iframe")).toHaveAttribute("title", "From a sea bag to a store shelf");
    await expect.poll(() => embeds.length).toBe(1);
  });

  test("Latest News comes from the feed, sanitized and formatted, with links in new tabs", async ({ page }) => {
    await page.goto("/in-the-news");
    const news = page.getByRole("region", { name: "Latest News" });
    const items = news.getByTestId("news-item");
    await expect(items).toHaveCount(2);
    await expect(news.getByRole("alert")).toHaveCount(0);

    const safe = items.filter({ hasText: FEED_ITEMS.safe.title });
    await expect(safe).toContainText(FEED_ITEMS.safe.expectedDate);
    await expect(safe.getByRole("link", { name: FEED_ITEMS.safe.title, exact: true })).toHaveAttribute("href", FEED_ITEMS.safe.link);
    await expect(safe.locator("strong")).toHaveText("slow-feeder bowl");
    const readMore = safe.getByRole("link", { name: /^Read more/ });
    await expect(readMore).toHaveAttribute("target", "_blank");
    await expect(readMore).toHaveAttribute("rel", "noopener noreferrer");

    const scripted = items.filter({ hasText: FEED_ITEMS.scripted.title });
    await expect(scripted).toContainText(FEED_ITEMS.scripted.expectedDate);
    await expect(scripted.getByRole("link", { name: FEED_ITEMS.scripted.title, exact: true })).toHaveAttribute("href", "#");
    await expect(scripted.locator("script, [onerror], a[href^='javascript']")).toHaveCount(0);
    expect(await page.evaluate(() => Object.keys(window).filter((key) => key.startsWith("__feed")))).toEqual([]);
  });

  test("a failing feed shows the red message with the three sample items", async ({ page }) => {
    await page.route("**/api/news", (route) =>
      route.fulfill({
        json: {
          failed: true,
          items: [
            { title: "Product Innovation Trends to Watch in 2025", link: "#", date: "January 15, 2025", descriptionHtml: "<p>Trends.</p>" },
            { title: "Sustainable Manufacturing Becomes a Selling Point", link: "#", date: "February 3, 2025", descriptionHtml: "<p>Manufacturing.</p>" },
            { title: "How Direct-to-Consumer Brands Are Changing Retail", link: "#", date: "March 10, 2025", descriptionHtml: "<p>Retail.</p>" },
          ],
        },
      }),
    );
    await page.goto("/in-the-news");
    const news = page.getByRole("region", { name: "Latest News" });
    await expect(news.getByRole("alert")).toHaveText(NEWS_MESSAGES.failed);
    await expect(news.getByTestId("news-item")).toHaveCount(3);
  });

  test("a spinner shows while the news loads", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/news", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/in-the-news");
    const news = page.getByRole("region", { name: "Latest News" });
    await expect(news.getByRole("status")).toHaveText("Loading the latest news");
    release();
    await expect(news.getByTestId("news-item").first()).toBeVisible();
  });
});
