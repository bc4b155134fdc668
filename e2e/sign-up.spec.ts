import { expect, test } from "@playwright/test";
import { newAccount } from "./support/accounts";
import { openSignUp } from "./support/auth-modal";
import { ensureDashboardSessions } from "./support/dashboard-sessions";
import { waitForBriefState } from "./support/brief-states";

test.beforeAll(ensureDashboardSessions);

test("joining free lands on /members with the Free Member badge", async ({ page }) => {
  const account = newAccount("joiner");
  await page.goto("/");
  const dialog = await openSignUp(page);
  await dialog.getByLabel("Full name").fill(account.name);
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password", { exact: true }).fill(account.password);
  await dialog.getByRole("button", { name: "Create free account" }).click();

  // While the redirect is pending (1.5 s) the modal cannot be switched to log in.
  await waitForBriefState(page, { text: "Account created successfully! Redirecting to members area...", disabled: ["Log in"] });
  await expect(page).toHaveURL("/members");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const sidebar = page.getByRole("complementary", { name: "Members sidebar" });
  await expect(sidebar.getByText(`Welcome, ${account.name}`)).toBeVisible();
  await expect(sidebar.getByText("Free Member", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Paid Plans" })).toHaveAttribute("href", "/#pricing");
  for (const title of ["Mastermind Sessions", "Community", "Resource Library", "Training Videos", "Account"]) {
    await expect(page.getByRole("main").getByRole("link", { name: title })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Admin tools" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Upcoming events" })).toBeVisible();
  // Events gated per tier (spec 000 §6): a free member sees only the monthly session.
  await expect(page.getByRole("heading", { name: "Monthly Mastermind Session" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Market Testing Workshop" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "VIP CEO Retreat" })).toHaveCount(0);

  // The upgrade card leads to the plan grid on the home page.
  await page.getByRole("link", { name: "View Paid Plans" }).click();
  await expect(page).toHaveURL("/#pricing");
  await expect(page.locator("#pricing")).toBeInViewport();
  await page.goBack();
  await expect(page).toHaveURL("/members");

  // A free member stays on the home page and sees the Community link in the header.
  await page.goto("/");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Community" })).toHaveAttribute("href", "/members");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" })).toHaveCount(0);
});
