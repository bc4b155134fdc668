import { expect, test } from "@playwright/test";
import { newAccount, signUpThroughApi } from "./support/accounts";
import { logInWith, openLogIn, openSignUp } from "./support/auth-modal";
import { E2E_ADMIN } from "./support/environment";

test.describe("log-in / sign-up modal validation", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("log in shows the required-field messages, then the shape and length messages", async ({ page }) => {
    const dialog = await openLogIn(page);
    await dialog.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(dialog.getByText("Email is required")).toBeVisible();
    await expect(dialog.getByText("Password is required")).toBeVisible();

    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Password", { exact: true }).fill("12345");
    await dialog.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
    await expect(dialog.getByText("Password must be at least 6 characters long")).toBeVisible();
    await expect(dialog.getByText("Email is required")).toHaveCount(0);
  });

  test("sign up also requires a name", async ({ page }) => {
    const dialog = await openSignUp(page);
    await dialog.getByRole("button", { name: "Create free account" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Email is required")).toBeVisible();
    await expect(dialog.getByText("Password is required")).toBeVisible();
  });

  test("toggling between log in and sign up keeps one modal; closing resets the fields", async ({ page }) => {
    const dialog = await openLogIn(page);
    await dialog.getByLabel("Email").fill("someone@example.com");
    await dialog.getByRole("button", { name: "Sign up free" }).click();
    const signUp = page.getByRole("dialog", { name: "Create your free account" });
    await expect(signUp.getByLabel("Full name")).toBeVisible();
    await expect(signUp.getByLabel("Email")).toHaveValue("someone@example.com");
    await signUp.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Log in to your account" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const reopened = await openLogIn(page);
    await expect(reopened.getByLabel("Email")).toHaveValue("");
  });

  test("wrong password shows the provider's message", async ({ page }) => {
    const dialog = await openLogIn(page);
    await logInWith(dialog, E2E_ADMIN.email, "definitely-wrong-password");
    // better-auth's own message for bad credentials, passed through as the spec asks.
    await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL("/");
  });

  test("signing up with a registered email says so", async ({ page }) => {
    const existing = newAccount("taken");
    await signUpThroughApi(page.context().request, existing);
    await page.context().clearCookies();
    await page.reload();
    const dialog = await openSignUp(page);
    await dialog.getByLabel("Full name").fill("Someone Else");
    await dialog.getByLabel("Email").fill(existing.email);
    await dialog.getByLabel("Password", { exact: true }).fill("another-password");
    await dialog.getByRole("button", { name: "Create free account" }).click();
    await expect(dialog.getByText("An account with this email already exists")).toBeVisible();
  });

  test("forgot password validates its email field", async ({ page }) => {
    const dialog = await openLogIn(page);
    await dialog.getByRole("button", { name: "Forgot password?" }).click();
    const forgot = page.getByRole("dialog", { name: "Reset your password" });
    await expect(forgot).toBeVisible();
    await forgot.getByRole("button", { name: "Send reset link" }).click();
    await expect(forgot.getByText("Email is required")).toBeVisible();
    await forgot.getByLabel("Email").fill("nope@");
    await forgot.getByRole("button", { name: "Send reset link" }).click();
    await expect(forgot.getByText("Please enter a valid email address")).toBeVisible();
  });
});
