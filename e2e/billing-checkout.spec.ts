import { expect, test } from "@playwright/test";
import { signUpAndOpenMembers } from "./support/accounts";
import { newAdminApi } from "./support/admin-api";

test("a free member checks out Inventor with a coupon, pays in test mode, and manages the subscription", async ({ page }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const admin = await newAdminApi();
  const created = await admin.post("/api/admin/coupons", {
    data: { code, discount: 20, membershipTier: "inventor", usageLimit: 5, validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString() },
  });
  expect(created.status()).toBe(201);
  await admin.dispose();

  await signUpAndOpenMembers(page, "payer");
  await page.goto("/checkout/inventor");
  await expect(page.getByRole("heading", { level: 1, name: "Inventor membership" })).toBeVisible();
  const couponField = page.getByLabel("Coupon code");
  const apply = page.getByRole("button", { name: "Apply" });
  await expect(apply).toBeDisabled();
  await couponField.fill("nope");
  await expect(couponField).toHaveValue("NOPE");
  await apply.click();
  await expect(page.getByText("Invalid coupon code")).toBeVisible();
  await couponField.fill(code.toLowerCase());
  await expect(page.getByText("Invalid coupon code")).toBeHidden();
  await apply.click();
  await expect(page.getByText(`${code}: 20% off applied`)).toBeVisible();
  await expect(page.getByTestId("discount-amount")).toHaveText("−$19.80");
  await expect(page.getByTestId("total-amount")).toHaveText("$79.20");

  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/lcs_/);
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay $79.20" }).click();
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $79.20" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
  await expect(page.getByText("Welcome to the Inventor membership!")).toBeVisible();
  await expect(page).toHaveURL("/members", { timeout: 8000 });
  await expect(page.getByRole("complementary", { name: "Members sidebar" }).getByText("Inventor", { exact: true })).toBeVisible();

  await page.goto("/members/account");
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await expect(page.getByText("$79.20")).toBeVisible();
  await page.getByRole("button", { name: "Manage Subscription" }).click();
  await expect(page).toHaveURL("/billing/portal");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByText(/^Your subscription will end on [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await page.getByRole("link", { name: "Return to your account" }).click();
  await expect(page.getByText(/^Your subscription will end on /)).toBeVisible();
});

test("a signed-out visitor on a checkout page gets the login modal; an unknown plan goes home", async ({ page }) => {
  await page.goto("/checkout/entrepreneur");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Continue to payment" })).toBeDisabled();
  await page.goto("/checkout/platinum");
  await expect(page).toHaveURL("/");
});

test("the cancel page says no charges were made and links home", async ({ page }) => {
  await page.goto("/checkout/cancel");
  await expect(page.getByRole("heading", { level: 1, name: "Payment Cancelled" })).toBeVisible();
  await expect(page.getByText("no charges were made")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
});
