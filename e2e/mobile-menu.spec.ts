import { expect, test } from "@playwright/test";
import { signUpAndOpenMembers } from "./support/accounts";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("the header menu opens, navigates and closes on a phone", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const toggle = page.getByRole("button", { name: "Open menu" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  await toggle.click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  for (const label of ["Home", "University", "Mastermind", "Services", "Brands", "In The News", "About"]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }

  await menu.getByRole("link", { name: "University" }).click();
  await expect(page).toHaveURL("/university");
  await expect(page.getByRole("heading", { level: 1, name: "University" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);

  // The menu also offers the auth buttons, which open the modal.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Join Free" }).click();
  await expect(page.getByRole("dialog", { name: "Create your free account" })).toBeVisible();
});

test("the members sidebar opens from the menu button and closes on navigation", async ({ page }) => {
  const account = await signUpAndOpenMembers(page, "phone");
  const sidebar = page.getByRole("complementary", { name: "Members sidebar" });
  await expect(sidebar).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByText(`Welcome, ${account.name}`)).toBeVisible();
  await expect(sidebar.getByText("Free Member", { exact: true })).toBeVisible();

  await sidebar.getByRole("link", { name: "Community" }).click();
  await expect(page).toHaveURL("/members/community");
  await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
  await expect(sidebar).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole("button", { name: "Close menu" }).click();
  await expect(sidebar).toBeHidden();
});
