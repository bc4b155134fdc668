import { expect, test } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { E2E_ADMIN } from "./support/environment";

test("an admin creates, lists, deactivates and deletes a coupon with the spec's messages", async ({ page }) => {
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/settings");
  await page.getByRole("tab", { name: "Coupon Codes" }).click();

  const code = `ADM${Date.now().toString(36).toUpperCase()}`;
  await expect(page.getByLabel("Discount (%)")).toHaveValue("10");
  await expect(page.getByLabel("Usage limit")).toHaveValue("100");
  await expect(page.getByLabel("Membership tier")).toHaveValue("inventor");

  await page.getByLabel("Coupon code", { exact: true }).fill(code.toLowerCase());
  await expect(page.getByLabel("Coupon code", { exact: true })).toHaveValue(code);
  await page.getByLabel("Discount (%)").fill("0");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByText("Discount must be between 1 and 100 percent")).toBeVisible();
  await page.getByLabel("Discount (%)").fill("25");
  await page.getByLabel("Usage limit").fill("0");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByText("Usage limit must be greater than 0")).toBeVisible();
  await page.getByLabel("Usage limit").fill("1e20");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByText("Usage limit must be a whole number from 1 to 1,000,000")).toBeVisible();
  await page.getByLabel("Usage limit").fill("3");
  await page.getByLabel("Valid until").fill("2020-01-01");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByText("Valid until date must be in the future")).toBeVisible();
  await page.getByLabel("Valid until").fill(`${new Date().getFullYear() + 1}-06-30`);
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByText(`Coupon ${code} created successfully!`)).toBeVisible();

  const row = page.getByTestId("coupon-row").filter({ hasText: code });
  await expect(row).toContainText("25% off Inventor · 0/3 used");
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: "Deactivate" }).click();
  await expect(row).toContainText("Inactive");
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(page.getByTestId("coupon-row").filter({ hasText: code })).toHaveCount(0);
});
