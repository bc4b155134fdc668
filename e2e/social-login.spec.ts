import { expect, test } from "@playwright/test";
import { openLogIn } from "./support/auth-modal";

test("no social button without a configured provider", async ({ page }) => {
  await page.goto("/");
  const dialog = await openLogIn(page);
  await expect(dialog.getByRole("button", { name: /^Continue with/ })).toHaveCount(0);
});

test("a configured provider gets a button, and a failed hand-over says so", async ({ page }) => {
  // The test server has no social provider, so this journey stands one in at the network edge.
  await page.route("**/api/config", async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, socialProviders: [{ id: "google", label: "Google" }] } });
  });
  await page.route("**/api/auth/sign-in/social", (route) =>
    route.fulfill({ status: 500, json: { code: "INTERNAL", message: "" } }),
  );
  await page.goto("/");
  const dialog = await openLogIn(page);
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  await expect(dialog.getByText("Failed to login with Google. Please try again.")).toBeVisible();
  await expect(page).toHaveURL("/");
});
