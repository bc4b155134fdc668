import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "./support/environment";
import { newAccount, signUpThroughApi } from "./support/accounts";
import { newAdminApi, waitForMailTo } from "./support/admin-api";
import { logInWith, openLogIn } from "./support/auth-modal";
import { waitForBriefState } from "./support/brief-states";

test("a member resets a forgotten password from the mail link and logs in with the new one", async ({ page, playwright }) => {
  const account = newAccount("forgetful");
  const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await signUpThroughApi(api, account);
  await api.dispose();

  await page.goto("/");
  const dialog = await openLogIn(page);
  await dialog.getByRole("button", { name: "Forgot password?" }).click();
  const forgot = page.getByRole("dialog", { name: "Reset your password" });
  await forgot.getByLabel("Email").fill(account.email);
  await forgot.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("dialog", { name: "Check your email" })).toBeVisible();

  const adminApi = await newAdminApi();
  const mail = await waitForMailTo(adminApi, account.email);
  await adminApi.dispose();
  const link = /https?:\/\/[^\s"'<>]+\/reset-password#[^\s"'<>]+/.exec(`${mail.text} ${mail.html}`)?.[0];
  expect(link, "the mail carries a /reset-password link").toBeTruthy();
  const target = new URL((link ?? "").replaceAll("&amp;", "&"));
  expect(new URLSearchParams(target.hash.slice(1)).get("type")).toBe("recovery");

  await page.goto(`${target.pathname}${target.hash}`);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  const newPassword = `New-${account.password}`;
  await page.getByLabel("New password", { exact: true }).fill("12345");
  await page.getByLabel("Confirm new password").fill("54321");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByRole("heading", { name: "Password updated" })).toBeVisible();
  await expect(page).toHaveURL("/", { timeout: 6_000 });

  // The old password no longer works; the new one does.
  const retry = await openLogIn(page);
  await logInWith(retry, account.email, account.password);
  await expect(retry.getByRole("alert")).toBeVisible();
  await logInWith(retry, account.email, newPassword);
  await waitForBriefState(page, { text: "Login successful! Redirecting..." });
  await expect(page).toHaveURL("/members");
});
