import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./support/environment";

test("/test-login validates, signs in and shows the session and user as JSON", async ({ page }) => {
  await page.goto("/test-login");
  await expect(page.getByRole("heading", { level: 1, name: "Test login" })).toBeVisible();
  // SEED_DEMO=false: the server shares no demo credentials, so none are shown.
  await expect(page.getByText("Sample admin credentials")).toHaveCount(0);

  await page.getByRole("main").getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  await page.getByRole("button", { name: "Check User" }).click();
  await expect(page.getByLabel("Check User result")).toContainText('"user": null');

  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("main").getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText(`Signed in as ${E2E_ADMIN.email}.`)).toBeVisible();

  await page.getByRole("button", { name: "Check Session" }).click();
  await expect(page.getByLabel("Check Session result")).toContainText(E2E_ADMIN.email);
  await page.getByRole("button", { name: "Check User" }).click();
  await expect(page.getByLabel("Check User result")).toContainText('"role": "admin"');
});
