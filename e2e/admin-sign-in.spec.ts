import { expect, test } from "@playwright/test";
import { logInWith, openLogIn } from "./support/auth-modal";
import { E2E_ADMIN } from "./support/environment";
import { ensureDashboardSessions } from "./support/dashboard-sessions";
import { waitForBriefState } from "./support/brief-states";

test.beforeAll(ensureDashboardSessions);

test("the admin logs in through the modal and lands on /admin", async ({ page }) => {
  await page.goto("/");
  const dialog = await openLogIn(page);
  await logInWith(dialog, E2E_ADMIN.email, E2E_ADMIN.password);
  await waitForBriefState(page, { text: "Login successful! Redirecting..." });
  await expect(page).toHaveURL("/admin");

  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
  const sidebar = page.getByRole("complementary", { name: "Admin sidebar" });
  await expect(sidebar.getByText(E2E_ADMIN.name, { exact: true })).toBeVisible();
  await expect(sidebar.getByText("Admin", { exact: true })).toBeVisible();

  const links: [string, string][] = [
    ["Dashboard Overview", "/admin"],
    ["User Management", "/admin/users"],
    ["Content Management", "/admin/content"],
    ["Media Library", "/admin/media"],
    ["Email Settings", "/admin/email"],
    ["Admin Settings", "/admin/settings"],
    ["View Public Site", "/"],
  ];
  for (const [name, href] of links) {
    await expect(sidebar.getByRole("link", { name })).toHaveAttribute("href", href);
  }

  // Spec 000 §2: home sends every account whose tier is not free to /members, a Brand CEO admin too (docs/decisions/0005).
  await sidebar.getByRole("link", { name: "View Public Site" }).click();
  await expect(page).toHaveURL("/members");
  await page.goto("/admin");

  await sidebar.getByRole("link", { name: "User Management" }).click();
  await expect(page).toHaveURL("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();

  // Public pages show the admin both Community and Admin in the header.
  await page.goto("/university");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Community" })).toHaveAttribute("href", "/members");
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");

  // The admin's members dashboard carries the admin cards, pointing into /admin.
  await page.goto("/members");
  const adminCards = page.getByRole("main").getByRole("link", { name: /Admin Settings/ });
  await expect(adminCards).toHaveAttribute("href", "/admin/settings");
  await expect(page.getByRole("complementary", { name: "Members sidebar" }).getByText("Brand CEO", { exact: true })).toBeVisible();
  // A brand-ceo account sees all three upcoming events.
  for (const title of ["Monthly Mastermind Session", "Market Testing Workshop", "VIP CEO Retreat"]) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
});
