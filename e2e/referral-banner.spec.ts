import { expect, test } from "@playwright/test";

test.describe("the referral banner", () => {
  test("asks about the letter and links to /ref-number with Schedule a Call", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Received a letter?" });
    await expect(banner).toContainText("Did you receive a letter from us?");
    const link = banner.getByRole("link", { name: "Schedule a Call" });
    await expect(link).toHaveAttribute("href", "/ref-number");
    await link.click();
    await expect(page).toHaveURL("/ref-number");
    await expect(page.getByRole("heading", { level: 1, name: "Schedule a Call" })).toBeVisible();
  });

  test("stays dismissed while browsing and comes back on reload", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Received a letter?" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Dismiss banner" }).click();
    await expect(banner).toHaveCount(0);

    // Away and back within the same visit: still dismissed.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Turn your invention into a brand that sells.");
    await expect(banner).toHaveCount(0);

    await page.reload();
    await expect(banner).toBeVisible();
  });
});
