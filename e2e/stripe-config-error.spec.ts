import { expect, test } from "@playwright/test";
import { E2E_MISCONFIGURED_BASE_URL } from "./support/environment";

test("a malformed Stripe key replaces every page with the Stripe Configuration Error page", async ({ page }) => {
  for (const path of ["/", "/checkout/inventor", "/members", "/about"]) {
    await page.goto(`${E2E_MISCONFIGURED_BASE_URL}${path}`);
    await expect(page.getByRole("heading", { level: 1, name: "Stripe Configuration Error" })).toBeVisible();
    await expect(page.getByText("The payment system failed to initialize, most likely because the Stripe public key is missing or invalid.")).toBeVisible();
  }
});
