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

test("the coupon form shows every field's problem at once, and is empty again once a coupon is created", async ({ page }) => {
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/settings");
  await page.getByRole("tab", { name: "Coupon Codes" }).click();
  const codeField = page.getByLabel("Coupon code", { exact: true });
  // An example, not a value: it says so, and reads unlike typed text.
  await expect(codeField).toHaveAttribute("placeholder", "e.g. SPRING25");
  expect(await codeField.evaluate((input) => getComputedStyle(input, "::placeholder").fontStyle)).toBe("italic");
  const defaultDate = await page.getByLabel("Valid until").inputValue();

  await page.getByLabel("Discount (%)").fill("0");
  await page.getByLabel("Usage limit").fill("0");
  await page.getByLabel("Valid until").fill("2020-01-01");
  await page.getByRole("button", { name: "Create coupon" }).click();
  for (const message of ["Coupon code is required", "Discount must be between 1 and 100 percent", "Usage limit must be greater than 0", "Valid until date must be in the future"]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(codeField).toBeFocused();
  // Fixing a field clears its own message only.
  await page.getByLabel("Discount (%)").fill("15");
  await expect(page.getByText("Discount must be between 1 and 100 percent")).toHaveCount(0);
  await expect(page.getByText("Usage limit must be greater than 0")).toBeVisible();

  const code = `RST${Date.now().toString(36).toUpperCase()}`;
  await codeField.fill(code);
  await page.getByLabel("Membership tier").selectOption({ label: "Brand CEO" });
  await page.getByLabel("Usage limit").fill("7");
  await page.getByLabel("Valid until").fill(`${new Date().getFullYear() + 1}-03-31`);
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByText(`Coupon ${code} created successfully!`)).toBeVisible();
  await expect(page.getByTestId("coupon-row").filter({ hasText: code })).toContainText("15% off Brand CEO · 0/7 used");
  await expect(codeField).toHaveValue("");
  await expect(page.getByLabel("Discount (%)")).toHaveValue("10");
  await expect(page.getByLabel("Membership tier")).toHaveValue("inventor");
  await expect(page.getByLabel("Usage limit")).toHaveValue("100");
  await expect(page.getByLabel("Valid until")).toHaveValue(defaultDate);

  // The server's refusal lands beside its field too: the same code again.
  await codeField.fill(code);
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByText("A coupon with this code already exists")).toBeVisible();
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
});
