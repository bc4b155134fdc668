import { expect, test } from "@playwright/test";
import { stubThirdPartyEmbeds } from "./support/third-party";

const FLAG = "inventors-community:visited";

test("the story video autoplays muted on the first visit only", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const embeds = await stubThirdPartyEmbeds(context);
  const page = await context.newPage();

  await page.goto("/");
  const video = page.locator("[data-autoplay]").first();
  await expect(video).toHaveAttribute("data-autoplay", "muted");
  expect(await page.evaluate((key) => window.localStorage.getItem(key), FLAG)).not.toBeNull();
  // Nothing loads from the video host until the player is in view; then it starts muted.
  expect(embeds).toEqual([]);
  await video.scrollIntoViewIfNeeded();
  const player = page.locator('iframe[title^="Our story"]');
  await expect(player).toHaveAttribute("src", /autoplay=1.*mute=1|mute=1.*autoplay=1/);

  // A later visit shows the poster and waits for a press of play, with sound.
  await page.reload();
  await expect(video).toHaveAttribute("data-autoplay", "off");
  await video.scrollIntoViewIfNeeded();
  await expect(page.locator('iframe[title^="Our story"]')).toHaveCount(0);
  await page.getByRole("button", { name: /^Play video: Our story/ }).click();
  await expect(player).toHaveAttribute("src", /autoplay=1/);
  await expect(player).not.toHaveAttribute("src", /mute=1/);
  await context.close();
});
