import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { totpCode } from "../server/features/settings/totp.test-support";
import { newAccount, signInThroughApi, signUpThroughApi, type TestAccount } from "./support/accounts";
import { newAdminApi } from "./support/admin-api";
import { logInWith, openLogIn } from "./support/auth-modal";
import { E2E_BASE_URL } from "./support/environment";
import { waitForBriefState } from "./support/brief-states";

/** A new admin of its own: the first admin, which other journeys sign in as, keeps signing in with a password only. */
async function newAdmin(adminApi: APIRequestContext): Promise<TestAccount> {
  const account = newAccount("second-admin");
  const context = await request.newContext({ baseURL: E2E_BASE_URL });
  await signUpThroughApi(context, account);
  await context.dispose();
  const search = await adminApi.get(`/api/admin/users?search=${encodeURIComponent(account.email)}`);
  const { users } = (await search.json()) as { users: Array<{ id: string; email: string }> };
  const user = users.find((candidate) => candidate.email === account.email);
  if (!user) throw new Error(`no account for ${account.email}`);
  const promoted = await adminApi.patch(`/api/admin/users/${user.id}`, { data: { role: "admin" } });
  expect(promoted.ok(), `promotion answered ${promoted.status()}`).toBeTruthy();
  return account;
}

async function logOut(page: Page) {
  await page.getByRole("complementary", { name: "Admin sidebar" }).getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL("/");
}

test("an admin turns on two-factor in Edit Profile; the next log-in asks for the code, or a recovery code", async ({ page }) => {
  // Seven password checks at OWASP strength and three full log-ins: over 45 s once, beside the API suites.
  test.setTimeout(90_000);
  const adminApi = await newAdminApi();
  const admin = await newAdmin(adminApi);
  await adminApi.dispose();

  await signInThroughApi(page.request, admin.email, admin.password);
  await page.goto("/admin");
  await page.getByRole("complementary", { name: "Admin sidebar" }).getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  const section = dialog.getByRole("region", { name: "Two-factor authentication" });
  await section.getByRole("button", { name: "Turn on two-factor" }).click();

  await section.getByLabel("Your password").fill("wrong-password");
  await section.getByRole("button", { name: "Continue" }).click();
  await expect(section.getByText("Incorrect password")).toBeVisible();
  await section.getByLabel("Your password").fill(admin.password);
  await section.getByRole("button", { name: "Continue" }).click();

  // What an authenticator app needs: the otpauth:// link and the key to type in.
  await expect(section.getByRole("link", { name: "open it in your authenticator app" })).toHaveAttribute("href", /^otpauth:\/\/totp\/Inventors%20Community:/);
  const secret = (await section.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await section.getByLabel("Authentication code").fill(totpCode(secret, 10));
  await section.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(section.getByText("That code is not correct. Please try again.")).toBeVisible();
  await section.getByLabel("Authentication code").fill(totpCode(secret));
  await section.getByRole("button", { name: "Verify and turn on" }).click();

  const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().innerText()).trim();
  await section.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(section.getByText(/Two-factor authentication is on\./)).toBeVisible();
  await expect(section.getByRole("button", { name: "Turn off" })).toBeVisible();
  await page.keyboard.press("Escape");
  await logOut(page);

  // The password alone no longer signs in: the modal asks for the code.
  let logIn = await openLogIn(page);
  await logInWith(logIn, admin.email, admin.password);
  await expect(logIn.getByLabel("Authentication code")).toBeVisible();
  await logIn.getByLabel("Authentication code").fill(totpCode(secret, 10));
  await logIn.getByRole("button", { name: "Verify and log in" }).click();
  await expect(logIn.getByText("That code is not correct. Please try again.")).toBeVisible();
  await logIn.getByLabel("Authentication code").fill(totpCode(secret));
  await logIn.getByRole("button", { name: "Verify and log in" }).click();
  await waitForBriefState(page, { text: "Login successful! Redirecting..." });
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
  await logOut(page);

  // A recovery code works instead of the app, once.
  logIn = await openLogIn(page);
  await logInWith(logIn, admin.email, admin.password);
  await logIn.getByRole("button", { name: "Use a recovery code instead" }).click();
  await logIn.getByLabel("Recovery code").fill(recoveryCode);
  await logIn.getByRole("button", { name: "Verify and log in" }).click();
  await expect(page).toHaveURL("/admin");
  await logOut(page);

  logIn = await openLogIn(page);
  await logInWith(logIn, admin.email, admin.password);
  await logIn.getByRole("button", { name: "Use a recovery code instead" }).click();
  await logIn.getByLabel("Recovery code").fill(recoveryCode);
  await logIn.getByRole("button", { name: "Verify and log in" }).click();
  await expect(logIn.getByText("That recovery code is not valid or was already used.")).toBeVisible();
});
