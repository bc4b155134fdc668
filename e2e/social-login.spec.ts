import { expect, test } from "@playwright/test";
import { openLogIn } from "./support/auth-modal";
import { serveBrowserRendered } from "./support/browser-rendered";

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
  await serveBrowserRendered(page, "/");
  await page.goto("/");
  const dialog = await openLogIn(page);
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  await expect(dialog.getByText("Failed to login with Google. Please try again.")).toBeVisible();
  await expect(page).toHaveURL("/");
});

test("a first social sign-in that awaits approval lands on the callback page with the sign-up's message, not a failure", async ({ page }) => {
  // Where the server sends the browser back (server/auth/social-login.test.ts proves the redirect itself).
  await page.goto("/auth/callback?error=AWAITING_APPROVAL&error_description=Injected+words");
  await expect(page.getByRole("heading", { name: "Thank you for joining." })).toBeVisible();
  await expect(page.getByText("Your account was created and is waiting for an admin to approve it. We will email you once it is active.")).toBeVisible();
  await expect(page.getByText("Authentication failed")).toHaveCount(0);
  await expect(page.getByText("Injected words")).toHaveCount(0);
  await expect(page).toHaveURL("/", { timeout: 6_000 });
});

test("any other provider error still says the sign-in failed", async ({ page }) => {
  await page.goto("/auth/callback?error=access_denied");
  await expect(page.getByText("Authentication failed")).toBeVisible();
});
