import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { newAccount, signUpAndOpenMembers, signUpThroughApi } from "./support/accounts";
import { newAdminApi } from "./support/admin-api";
import { authDialog, logInWith, openLogIn, openSignUp } from "./support/auth-modal";

const run = promisify(execFile);
const LONG_DATE = /[A-Z][a-z]+ \d{1,2}, \d{4}/;

async function payForInventor(page: Page): Promise<void> {
  await page.goto("/checkout/inventor");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/lcs_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $99.00" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
}

async function cancelAtPeriodEnd(page: Page): Promise<string> {
  await page.goto("/members/account");
  await page.getByRole("button", { name: "Manage Subscription" }).click();
  await expect(page).toHaveURL("/billing/portal");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const ends = page.getByText(/^Your subscription will end on /);
  await expect(ends).toBeVisible();
  return (await ends.innerText()).replace("Your subscription will end on ", "");
}

/** The operator's `npm run billing:advance`, through the test server that holds the data folder. */
async function advanceSubscription(email: string, event: "end-period"): Promise<void> {
  await run("node", ["--import", "tsx", "server/cli/billing-advance.ts", "--email", email, "--event", event], { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR } });
}

test("a visitor who logs in from a checkout page comes back to that checkout", async ({ page, playwright }) => {
  const account = newAccount("returning-buyer");
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signUpThroughApi(api, account);
  await api.dispose();

  await page.goto("/checkout/entrepreneur");
  await logInWith(authDialog(page), account.email, account.password);
  await expect(authDialog(page)).toBeHidden();
  await expect(page).toHaveURL("/checkout/entrepreneur");
  await expect(page.getByRole("heading", { level: 1, name: "Entrepreneur membership" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue to payment" })).toBeEnabled();
});

test("the test-mode pay page shows no discount line when no coupon is used", async ({ page }) => {
  await signUpAndOpenMembers(page, "no-coupon");
  await page.goto("/checkout/inventor");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/lcs_/);
  await expect(page.getByRole("button", { name: "Pay $99.00" })).toBeVisible();
  await expect(page.getByText("Price", { exact: true })).toBeVisible();
  await expect(page.getByText(/Discount/)).toHaveCount(0);
  await expect(page.getByText(/−\$0\.00/)).toHaveCount(0);
});

test("an upgrade during a pending cancellation says before the confirm that it resumes the subscription, and does", async ({ page }) => {
  await signUpAndOpenMembers(page, "resumer");
  await payForInventor(page);
  const renewsOn = await cancelAtPeriodEnd(page);

  await page.goto("/members/account");
  await page.getByRole("button", { name: "Upgrade to Entrepreneur" }).click();
  const change = page.getByTestId("plan-change");
  await expect(change.getByText(`Upgrading resumes your subscription; it renews on ${renewsOn}.`, { exact: true })).toBeVisible();
  await change.getByRole("button", { name: "Confirm upgrade to Entrepreneur" }).click();
  await expect(change.getByRole("heading", { name: "You're on Entrepreneur" })).toBeVisible();
  await expect(page.getByText(/^Your subscription will end on /)).toHaveCount(0);
});

test("a cancelled subscription shows the plan that applies now and when the paid one ended", async ({ page }) => {
  const account = await signUpAndOpenMembers(page, "ended");
  await payForInventor(page);
  await cancelAtPeriodEnd(page);
  await advanceSubscription(account.email, "end-period");

  await page.goto("/members/account");
  await expect(page.getByText("Canceled", { exact: true })).toBeVisible();
  const plan = page.getByText(/^Free — your Inventor plan ended on /);
  await expect(plan).toHaveText(new RegExp(`^Free — your Inventor plan ended on ${LONG_DATE.source}$`));
  await expect(page.getByRole("complementary", { name: "Members sidebar" }).getByText("Free Member", { exact: true })).toBeVisible();
});

test("with sign-up approval on, a member an admin deactivated is told so, not that the account awaits activation", async ({ page }) => {
  const admin = await newAdminApi();
  const settings = await (await admin.get("/api/admin/settings")).json();
  try {
    expect((await admin.put("/api/admin/settings", { data: { ...settings, requireApproval: true } })).ok()).toBeTruthy();
    const account = newAccount("deactivated");
    await page.goto("/");
    const signUp = await openSignUp(page);
    await signUp.getByLabel("Full name").fill(account.name);
    await signUp.getByLabel("Email").fill(account.email);
    await signUp.getByLabel("Password", { exact: true }).fill(account.password);
    await signUp.getByRole("button", { name: "Create free account" }).click();
    await expect(signUp.getByText(/is waiting for an admin to approve it/)).toBeVisible();
    await page.reload();

    const { users } = (await (await admin.get(`/api/admin/users?search=${encodeURIComponent(account.email)}`)).json()) as { users: Array<{ id: string }> };
    const id = users[0]?.id ?? "";
    expect((await admin.patch(`/api/admin/users/${id}`, { data: { isActive: true } })).ok()).toBeTruthy();
    expect((await admin.patch(`/api/admin/users/${id}`, { data: { isActive: false } })).ok()).toBeTruthy();

    const logIn = await openLogIn(page);
    await logInWith(logIn, account.email, account.password);
    await expect(logIn.getByText("This account has been deactivated. Please contact support.", { exact: true })).toBeVisible();
    await expect(logIn.getByText(/waiting for an admin/)).toHaveCount(0);
  } finally {
    // Every other journey on this server expects the settings it had.
    expect((await admin.put("/api/admin/settings", { data: settings })).ok()).toBeTruthy();
    await admin.dispose();
  }
});
