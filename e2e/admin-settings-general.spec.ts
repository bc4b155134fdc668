import { expect, test, type APIRequestContext } from "@playwright/test";
import { newAccount, signInThroughApi } from "./support/accounts";
import { newAdminApi } from "./support/admin-api";
import { openLogIn, openSignUp } from "./support/auth-modal";
import { E2E_ADMIN } from "./support/environment";

const DEFAULTS = {
  communityName: "Inventors Community",
  notificationEmail: "",
  allowRegistration: true,
  requireApproval: false,
  defaultTier: "inventor",
  dailyNewConversations: 10,
};

let adminApi: APIRequestContext;
test.beforeAll(async () => {
  adminApi = await newAdminApi();
});
// Every other journey on this server expects sign-up open: put the defaults back whatever happened.
test.afterEach(async () => {
  const response = await adminApi.put("/api/admin/settings", { data: DEFAULTS });
  expect(response.ok()).toBeTruthy();
});
test.afterAll(async () => {
  await adminApi.dispose();
});

async function useSettings(change: Partial<typeof DEFAULTS>) {
  const response = await adminApi.put("/api/admin/settings", { data: { ...DEFAULTS, ...change } });
  expect(response.ok(), `settings answered ${response.status()}`).toBeTruthy();
}

test("an admin saves the General Settings: a confirmation for 3 seconds, and the values survive a reload", async ({ page }) => {
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/settings");
  await expect(page.getByRole("tab", { name: "General Settings" })).toHaveAttribute("aria-selected", "true");

  const name = page.getByLabel("Community name");
  const email = page.getByLabel("Notification email");
  const allow = page.getByLabel("Allow registration");
  const approval = page.getByLabel("Require approval");
  const tier = page.getByLabel("Default tier");
  // The spec's defaults.
  await expect(name).toHaveValue("Inventors Community");
  await expect(email).toHaveValue("");
  await expect(allow).toBeChecked();
  await expect(approval).not.toBeChecked();
  await expect(tier).toHaveValue("inventor");

  await email.fill("not-an-email");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Please enter a valid email address").first()).toBeVisible();

  const newName = `Garage Guild ${Date.now().toString(36)}`;
  await name.fill(newName);
  await email.fill("owner@e2e.test");
  await approval.check();
  await tier.selectOption("entrepreneur");
  await page.getByRole("button", { name: "Save settings" }).click();
  const saved = page.getByText("Settings saved successfully!");
  await expect(saved).toBeVisible();
  const shownAt = Date.now();
  await expect(saved).toBeHidden({ timeout: 6000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2000);

  await page.reload();
  await expect(name).toHaveValue(newName);
  await expect(email).toHaveValue("owner@e2e.test");
  await expect(allow).toBeChecked();
  await expect(approval).toBeChecked();
  await expect(tier).toHaveValue("entrepreneur");
});

test("while registration is closed the sign-up modal says so, and the log-in side points it out", async ({ page }) => {
  await useSettings({ allowRegistration: false });
  await page.goto("/");
  const signUp = await openSignUp(page);
  await expect(signUp.getByText("Registration is currently closed. Ask an admin for an invitation.")).toBeVisible();
  await expect(signUp.getByLabel("Full name")).toHaveCount(0);
  await expect(signUp.getByRole("button", { name: "Create free account" })).toHaveCount(0);

  await signUp.getByRole("button", { name: "Log in", exact: true }).click();
  const logIn = page.getByRole("dialog", { name: "Log in to your account" });
  await expect(logIn.getByText("Registration is currently closed. Ask an admin for an invitation.")).toBeVisible();
  await page.keyboard.press("Escape");

  // Opened again, the sign-up form is back.
  await useSettings({ allowRegistration: true });
  await page.reload();
  const reopened = await openSignUp(page);
  await expect(reopened.getByLabel("Full name")).toBeVisible();
  await expect(reopened.getByText("Registration is currently closed. Ask an admin for an invitation.")).toHaveCount(0);
});

test("while approval is required a new member is told to wait, and cannot log in until activated", async ({ page }) => {
  await useSettings({ requireApproval: true });
  const account = newAccount("pending");
  await page.goto("/");
  const signUp = await openSignUp(page);
  await signUp.getByLabel("Full name").fill(account.name);
  await signUp.getByLabel("Email").fill(account.email);
  await signUp.getByLabel("Password", { exact: true }).fill(account.password);
  await signUp.getByRole("button", { name: "Create free account" }).click();
  await expect(
    signUp.getByText("Your account was created and is waiting for an admin to approve it. We will email you once it is active."),
  ).toBeVisible();
  await signUp.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(page).toHaveURL("/");

  const logIn = await openLogIn(page);
  await logIn.getByLabel("Email").fill(account.email);
  await logIn.getByLabel("Password", { exact: true }).fill(account.password);
  await logIn.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(logIn.getByText("Your account is waiting for an admin to activate it.")).toBeVisible();
});
