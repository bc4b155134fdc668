import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { newAccount, signInThroughApi, signUpAndOpenMembers, type TestAccount } from "./support/accounts";
import { newAdminApi, readOutbox } from "./support/admin-api";
import { logInWith, openLogIn } from "./support/auth-modal";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { E2E_ADMIN, E2E_BASE_URL } from "./support/environment";

// Our API and better-auth check the Origin of writes made outside a page.
const originHeaders = { Origin: E2E_BASE_URL };

type AccountOptions = { role?: "user" | "admin"; membershipTier?: "free" | "inventor" | "entrepreneur" | "brand-ceo"; isActive?: boolean };

/** An account made through the admin API (POST /api/admin/users), as Add User would. */
async function createAccount(adminApi: APIRequestContext, prefix: string, options: AccountOptions = {}): Promise<TestAccount> {
  const account = newAccount(prefix);
  const response = await adminApi.post("/api/admin/users", {
    data: { name: account.name, email: account.email, password: account.password, confirmPassword: account.password, ...options },
  });
  expect(response.status(), `creating ${account.email}`).toBe(201);
  return account;
}

async function dangerZoneCounts(adminApi: APIRequestContext): Promise<{ inactiveUsers: number; otherAdmins: number }> {
  const response = await adminApi.get("/api/admin/users/danger-zone");
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as { inactiveUsers: number; otherAdmins: number };
}

async function accountByEmail(adminApi: APIRequestContext, email: string): Promise<{ id: string; role: string; isActive: boolean } | undefined> {
  const response = await adminApi.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
  expect(response.ok()).toBeTruthy();
  const { users } = (await response.json()) as { users: Array<{ id: string; email: string; role: string; isActive: boolean }> };
  return users.find((user) => user.email === email);
}

/** The admin's page, signed in, on User Management. */
async function openUserManagement(page: Page): Promise<void> {
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
}

/** Searches (the server answers after the debounce) and returns the one row left. */
async function searchRow(page: Page, email: string): Promise<Locator> {
  await page.getByRole("searchbox", { name: "Search users" }).fill(email);
  await expect(page.getByTestId("users-total")).toHaveText(`1 user matching “${email}”`);
  const row = page.getByTestId("user-row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

/** Opens the row's action menu, picks `action` and returns its confirm dialog. */
async function startAction(page: Page, row: Locator, account: TestAccount, action: string): Promise<Locator> {
  await row.getByRole("button", { name: `Actions for ${account.name}` }).click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A member signed in on the members dashboard in a browser context of their own. */
async function memberInOwnBrowser(browser: Browser, prefix: string): Promise<{ page: Page; account: TestAccount; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUpAndOpenMembers(page, prefix);
  return { page, account, close: () => context.close() };
}

test.describe("User Management", () => {
  test("an admin changes a member's tier; the member sees the new badge after a reload, and the audit log records it", async ({ page, browser }) => {
    const member = await memberInOwnBrowser(browser, "tiered");
    const memberSidebar = member.page.getByRole("complementary", { name: "Members sidebar" });
    await expect(memberSidebar.getByText("Free Member", { exact: true })).toBeVisible();

    await openUserManagement(page);
    const row = await searchRow(page, member.account.email);
    await expect(row).toContainText("Free Member");
    const dialog = await startAction(page, row, member.account, "Change tier");
    await expect(dialog.getByRole("heading", { name: `Change ${member.account.name}'s tier` })).toBeVisible();
    await expect(dialog.getByLabel("New tier")).toHaveValue("free");
    await dialog.getByLabel("New tier").selectOption({ label: "Entrepreneur" });
    await dialog.getByRole("button", { name: "Change tier" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText(`${member.account.name} is now on the Entrepreneur tier.`)).toBeVisible();
    await expect(row).toContainText("Entrepreneur");

    await member.page.reload();
    await expect(memberSidebar.getByText("Entrepreneur", { exact: true })).toBeVisible();
    await expect(memberSidebar.getByText("Free Member", { exact: true })).toHaveCount(0);

    await page.getByRole("tab", { name: "Audit log" }).click();
    const entry = page.getByTestId("audit-entry").filter({ hasText: member.account.email }).first();
    await expect(entry).toContainText("Changed tier");
    await expect(entry).toContainText(`by ${E2E_ADMIN.email}`);
    await expect(entry).toContainText("Tier:");
    await expect(entry).toContainText(/Free Member\s*changed to\s*Entrepreneur/);
    await member.close();
  });

  test("Add User shows each validation message, then creates an account that can sign in at once", async ({ page, browser }) => {
    await openUserManagement(page);
    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add User" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Role")).toHaveValue("user");
    await expect(dialog.getByLabel("Membership tier")).toHaveValue("free");
    await expect(dialog.getByLabel("Active")).toBeChecked();
    const create = dialog.getByRole("button", { name: "Create user" });

    await create.click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Email is required")).toBeVisible();
    await expect(dialog.getByText("Password must be at least 6 characters long")).toBeVisible();

    const account = newAccount("added");
    await dialog.getByLabel("Full name").fill(account.name);
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Password", { exact: true }).fill("12345");
    await create.click();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
    await expect(dialog.getByText("Password must be at least 6 characters long")).toBeVisible();
    await expect(dialog.getByText("Name is required")).toHaveCount(0);

    await dialog.getByLabel("Password", { exact: true }).fill(account.password);
    await dialog.getByLabel("Confirm password").fill(`${account.password}x`);
    await create.click();
    await expect(dialog.getByText("Passwords do not match")).toBeVisible();

    // The server's own refusal, beside the field it is about.
    await dialog.getByLabel("Email").fill(E2E_ADMIN.email);
    await dialog.getByLabel("Confirm password").fill(account.password);
    await create.click();
    await expect(dialog.getByText("An account with this email already exists")).toBeVisible();

    await dialog.getByLabel("Email").fill(account.email);
    await dialog.getByLabel("Membership tier").selectOption({ label: "Inventor" });
    await create.click();
    await expect(dialog.getByText("User created successfully!")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 5000 });
    const row = await searchRow(page, account.email);
    await expect(row).toContainText("Inventor");
    await expect(row).toContainText("Active");

    // Created already confirmed: the new member logs in through the modal straight away.
    const context = await browser.newContext();
    const memberPage = await context.newPage();
    await memberPage.goto("/");
    await logInWith(await openLogIn(memberPage), account.email, account.password);
    await expect(memberPage).toHaveURL("/members");
    await expect(memberPage.getByRole("complementary", { name: "Members sidebar" }).getByText("Inventor", { exact: true })).toBeVisible();
    await context.close();
  });

  test("deactivating a member refuses their next page load; activating lets them back in", async ({ page, browser }) => {
    const member = await memberInOwnBrowser(browser, "paused");
    await openUserManagement(page);
    const row = await searchRow(page, member.account.email);

    const dialog = await startAction(page, row, member.account, "Deactivate");
    await expect(dialog).toContainText("They are signed out at once");
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByText(`${member.account.name} was deactivated and signed out.`)).toBeVisible();
    await expect(row).toContainText("Inactive");

    await member.page.reload();
    await expect(member.page).toHaveURL("/");
    expect(await (await member.page.request.get("/api/me")).json()).toEqual({ user: null });
    const refused = await member.page.request.post("/api/auth/sign-in/email", {
      data: { email: member.account.email, password: member.account.password },
      headers: originHeaders,
    });
    expect(refused.ok()).toBeFalsy();

    const activate = await startAction(page, row, member.account, "Activate");
    await activate.getByRole("button", { name: "Activate" }).click();
    await expect(row).toContainText("Active");
    await member.page.goto("/");
    await logInWith(await openLogIn(member.page), member.account.email, member.account.password);
    await expect(member.page).toHaveURL("/members");
    await member.close();
  });

  test("the admin's own row has no actions, and the server's refusals read clearly", async ({ page }) => {
    const adminApi = await newAdminApi();
    const other = await createAccount(adminApi, "coadmin", { role: "admin" });
    await openUserManagement(page);
    const own = await searchRow(page, E2E_ADMIN.email);
    await expect(own).toContainText("Your account");
    await expect(own.getByRole("button", { name: /^Actions for/ })).toHaveCount(0);

    const row = await searchRow(page, other.email);
    await expect(row).toContainText("Admin");
    const dialog = await startAction(page, row, other, "Remove admin");
    await expect(dialog.getByRole("heading", { name: `Remove admin rights from ${other.name}?` })).toBeVisible();
    // Meanwhile the account is deleted elsewhere: the dialog says why nothing happened.
    const id = (await accountByEmail(adminApi, other.email))?.id;
    expect((await adminApi.delete(`/api/admin/users/${id}`)).status()).toBe(204);
    await dialog.getByRole("button", { name: "Remove admin" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("User not found");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("user-row").filter({ hasText: other.email })).toHaveCount(0);
  });

  test("deleting a member removes the account and keeps their post as 'Deleted member'", async ({ page, browser }) => {
    const member = await memberInOwnBrowser(browser, "leaving");
    const text = `Prototype tooling question ${Date.now().toString(36)}`;
    const post = await member.page.request.post("/api/community/posts", { data: { content: text, category: "manufacturing" }, headers: originHeaders });
    expect(post.status()).toBe(201);

    await openUserManagement(page);
    const row = await searchRow(page, member.account.email);
    const dialog = await startAction(page, row, member.account, "Delete user");
    await expect(dialog.getByRole("heading", { name: `Delete ${member.account.name}?` })).toBeVisible();
    await expect(dialog).toContainText(member.account.email);
    await expect(dialog).toContainText("‘Deleted member’");
    await expect(dialog).toContainText("An active paid subscription is cancelled first");
    await dialog.getByRole("button", { name: "Delete user" }).click();
    await expect(page.getByText(`${member.account.name} was deleted.`)).toBeVisible();
    await expect(page.getByTestId("users-total")).toHaveText(`0 users matching “${member.account.email}”`);
    await expect(page.getByText("No matching users")).toBeVisible();

    await member.page.reload();
    await expect(member.page).toHaveURL("/");
    const refused = await member.page.request.post("/api/auth/sign-in/email", {
      data: { email: member.account.email, password: member.account.password },
      headers: originHeaders,
    });
    expect(refused.ok()).toBeFalsy();

    await page.goto("/members/community");
    const kept = page.getByRole("article").filter({ hasText: text });
    await expect(kept).toContainText("Deleted member");
    await expect(kept).not.toContainText(member.account.name);
    await member.close();
  });

  test("the danger zone states how many accounts change, and a stale count is refused", async ({ page }) => {
    const adminApi = await newAdminApi();
    const inactive = [await createAccount(adminApi, "dormant", { isActive: false }), await createAccount(adminApi, "dormant", { isActive: false })];
    await openUserManagement(page);
    const zone = page.getByRole("region", { name: "Danger zone" });

    const before = await dangerZoneCounts(adminApi);
    expect(before.inactiveUsers).toBeGreaterThanOrEqual(2);
    await zone.getByRole("button", { name: "Delete All Inactive Users" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete All Inactive Users?" });
    await expect(dialog).toContainText(`This deletes ${before.inactiveUsers} inactive accounts`);

    // Another account goes inactive before the admin confirms: the server refuses, the dialog recounts.
    const late = await createAccount(adminApi, "dormant", { isActive: false });
    await dialog.getByRole("button", { name: "Delete All Inactive Users" }).click();
    await expect(dialog.getByRole("alert")).toContainText("The number of accounts changed since you confirmed");
    await expect(dialog).toContainText(`This deletes ${before.inactiveUsers + 1} inactive accounts`);
    await dialog.getByRole("button", { name: "Delete All Inactive Users" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(zone.getByText(`Deleted ${before.inactiveUsers + 1} inactive accounts.`)).toBeVisible();
    expect((await dangerZoneCounts(adminApi)).inactiveUsers).toBe(0);
    for (const account of [...inactive, late]) expect(await accountByEmail(adminApi, account.email)).toBeUndefined();
    expect(await accountByEmail(adminApi, E2E_ADMIN.email)).toMatchObject({ role: "admin", isActive: true });

    const coAdmin = await createAccount(adminApi, "coadmin", { role: "admin" });
    const admins = (await dangerZoneCounts(adminApi)).otherAdmins;
    await zone.getByRole("button", { name: "Reset All User Roles" }).click();
    const reset = page.getByRole("dialog", { name: "Reset All User Roles?" });
    await expect(reset).toContainText(`This removes admin rights from ${admins} other admin${admins === 1 ? "" : "s"}`);
    await reset.getByRole("button", { name: "Reset All User Roles" }).click();
    await expect(zone.getByText(`Reset ${admins} account${admins === 1 ? "" : "s"} to the user role.`)).toBeVisible();
    expect(await accountByEmail(adminApi, coAdmin.email)).toMatchObject({ role: "user" });
    expect(await accountByEmail(adminApi, E2E_ADMIN.email)).toMatchObject({ role: "admin" });

    // Nothing left to change: the confirmation says so and cannot be confirmed.
    await zone.getByRole("button", { name: "Reset All User Roles" }).click();
    await expect(reset).toContainText("No other account has admin rights, so nothing would change.");
    await expect(reset.getByRole("button", { name: "Reset All User Roles" })).toBeDisabled();
  });

  test("an email to a selection of members lands in the outbox", async ({ page }) => {
    const adminApi = await newAdminApi();
    const group = `mail${Date.now().toString(36)}`;
    const recipients = [await createAccount(adminApi, group), await createAccount(adminApi, group)];
    await openUserManagement(page);

    await page.getByRole("button", { name: "Send Email" }).click();
    await expect(page.getByText("Please select at least one user to send an email to")).toBeVisible();

    await page.getByRole("searchbox", { name: "Search users" }).fill(group);
    await expect(page.getByTestId("users-total")).toHaveText(`2 users matching “${group}”`);
    await page.getByLabel("Select all on this page").check();
    await expect(page.getByText("2 selected")).toBeVisible();
    await page.getByRole("button", { name: "Send Email (2)" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Email" });
    await expect(dialog).toContainText("To 2 users");

    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Please provide both subject and message")).toBeVisible();
    const subject = `Mastermind reminder ${group}`;
    await dialog.getByLabel("Subject").fill(subject);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Please provide both subject and message")).toBeVisible();
    await dialog.getByLabel("Message").fill("See you Thursday at 10:00 AM.");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Emails sent successfully!")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 5000 });
    await expect(page.getByText("2 selected")).toHaveCount(0);

    await expect
      .poll(async () => (await readOutbox(adminApi)).filter((mail) => mail.subject.includes(subject)).map((mail) => mail.to).sort(), { timeout: 15_000 })
      .toEqual(recipients.map((account) => account.email).sort());
  });

  test("Send Email to all 27 members a search matches, not only the 25 on the page, with the count shown before sending", async ({ page }) => {
    const adminApi = await newAdminApi();
    const group = `every${Date.now().toString(36)}`;
    const recipients = [];
    for (let index = 0; index < 27; index += 1) recipients.push(await createAccount(adminApi, group));
    await openUserManagement(page);
    await page.getByRole("searchbox", { name: "Search users" }).fill(group);
    await expect(page.getByTestId("users-total")).toHaveText(`27 users matching “${group}”`);
    await page.getByLabel("Select all on this page").check();
    await expect(page.getByText("25 selected")).toBeVisible();
    await page.getByRole("button", { name: `Select all 27 matching “${group}”` }).click();
    await expect(page.getByText("All 27 selected")).toBeVisible();
    await page.getByRole("button", { name: "Send Email (27)" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Email" });
    await expect(dialog).toContainText(`To all 27 users matching “${group}”`);
    const subject = `Everyone ${group}`;
    await dialog.getByLabel("Subject").fill(subject);
    await dialog.getByLabel("Message").fill("<p>Hello {{name}}</p>");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Emails sent successfully!")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("All 27 selected")).toHaveCount(0, { timeout: 5000 });
    await expect
      .poll(async () => (await readOutbox(adminApi)).filter((mail) => mail.subject === subject).map((mail) => mail.to).sort(), { timeout: 20_000 })
      .toEqual(recipients.map((account) => account.email).sort());
  });

  test("search is case-insensitive on name or email and pages hold 25 accounts", async ({ page }) => {
    const adminApi = await newAdminApi();
    const group = `page${Date.now().toString(36)}`;
    for (let index = 0; index < 26; index += 1) await createAccount(adminApi, group);
    await openUserManagement(page);
    await page.getByRole("searchbox", { name: "Search users" }).fill(group.toUpperCase());
    await expect(page.getByTestId("users-total")).toHaveText(`26 users matching “${group.toUpperCase()}”`);
    await expect(page.getByTestId("user-row")).toHaveCount(25);
    const pages = page.getByRole("navigation", { name: "Users pages" });
    await expect(pages).toContainText("Page 1 of 2");
    await expect(pages.getByRole("button", { name: "Previous" })).toBeDisabled();
    await pages.getByRole("button", { name: "Next" }).click();
    await expect(pages).toContainText("Page 2 of 2");
    await expect(page.getByTestId("user-row")).toHaveCount(1);

    await expectNoSeriousAxeViolations(page);
  });
});
