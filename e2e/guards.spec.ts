import { expect, test } from "@playwright/test";
import { signUpAndOpenMembers } from "./support/accounts";

test.describe("guards and redirects", () => {
  for (const path of ["/members", "/members/training", "/admin", "/admin/users"]) {
    test(`an anonymous visitor opening ${path} is sent to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Turn your invention into a brand");
    });
  }

  test("a member opening /admin is sent to /", async ({ page }) => {
    await signUpAndOpenMembers(page, "curious");
    await page.goto("/admin");
    await expect(page).toHaveURL("/");
    await page.goto("/admin/settings");
    await expect(page).toHaveURL("/");
  });

  test("unknown paths redirect to /", async ({ page }) => {
    await page.goto("/this-page-does-not-exist");
    await expect(page).toHaveURL("/");
    await page.goto("/checkout/not-a-plan");
    await expect(page).toHaveURL("/");
  });

  test("/reset-password without a recovery hash redirects to /", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page).toHaveURL("/");
    await page.goto("/reset-password#type=signup&token=abc");
    await expect(page).toHaveURL("/");
  });

  test("/auth/callback explains a failed or missing session, then goes home", async ({ page }) => {
    await page.goto("/auth/callback?error=access_denied");
    await expect(page.getByText("Authentication failed")).toBeVisible();
    await expect(page).toHaveURL("/", { timeout: 6_000 });

    await page.goto("/auth/callback");
    await expect(page.getByText("No session found")).toBeVisible();
    await expect(page).toHaveURL("/", { timeout: 6_000 });
  });
});
