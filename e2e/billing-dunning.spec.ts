import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { signInThroughApi, signUpAndOpenMembers } from "./support/accounts";
import { newAdminApi, waitForMailTo } from "./support/admin-api";
import { E2E_ADMIN } from "./support/environment";

const run = promisify(execFile);
const screenshotDir = process.env.SCREENSHOT_DIR;

test("an admin sees a member's failed renewal and mails them a reminder, once an hour, at phone and desktop widths", async ({ page, browser }) => {
  const account = await signUpAndOpenMembers(page, "late-payer");
  await page.goto("/checkout/inventor");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $99.00" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
  // The operator's `npm run billing:advance`: the renewal's card is declined.
  await run("node", ["--import", "tsx", "server/cli/billing-advance.ts", "--email", account.email, "--event", "fail"], { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR } });

  const adminContext = await browser.newContext({ viewport: { width: 390, height: 860 } });
  const admin = await adminContext.newPage();
  await signInThroughApi(admin.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto("/admin/billing");
  await expect(admin.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  const entry = admin.getByTestId("failed-payment").filter({ hasText: account.email });
  await expect(entry).toContainText("Inventor plan");
  await expect(entry).toContainText("Amount due$99.00");
  await expect(entry).toContainText("Attempts1");
  await expect(entry).toContainText("Next retryNone scheduled");
  expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (screenshotDir) await admin.screenshot({ path: `${screenshotDir}/admin-billing-390.png`, fullPage: true });

  await admin.setViewportSize({ width: 1280, height: 860 });
  await entry.getByRole("button", { name: "Send reminder now" }).click();
  await expect(entry.getByRole("status")).toHaveText(`Reminder sent to ${account.email}.`);
  const adminApi = await newAdminApi();
  const mail = await waitForMailTo(adminApi, account.email);
  expect(mail.subject).toMatch(/ payment failed$/);
  expect(mail.text).toContain("/members/account");
  await entry.getByRole("button", { name: "Send reminder now" }).click();
  await expect(entry.getByText("You sent this member a reminder less than an hour ago.")).toBeVisible();
  if (screenshotDir) await admin.screenshot({ path: `${screenshotDir}/admin-billing-1280.png`, fullPage: true });
  await adminApi.dispose();
  await adminContext.close();
});
