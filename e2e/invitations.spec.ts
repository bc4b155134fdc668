import { expect, test } from "@playwright/test";
import { newAccount, signInThroughApi } from "./support/accounts";
import { newAdminApi, waitForMailTo } from "./support/admin-api";
import { E2E_ADMIN } from "./support/environment";

/** The link in an invitation mail, pointed at this test server. */
function invitationLinkIn(text: string): string {
  const link = text.match(/\S+\/accept-invitation\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no invitation link in: ${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test("an invitation goes from the admin's tab through the mail to the invitee's first sign-in", async ({ page, browser }) => {
  const adminApi = await newAdminApi();
  const invitee = newAccount("invitee");

  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/settings");
  await page.getByRole("tab", { name: "Invitations" }).click();

  // All three fields are required, with the spec's messages.
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Name is required")).toBeVisible();

  await page.getByLabel("Recipient email").fill(invitee.email);
  await page.getByLabel("Recipient name").fill(invitee.name);
  await page.getByLabel("Membership tier").selectOption("entrepreneur");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email} successfully!`)).toBeVisible();
  // The confirmation goes after 3 s (spec 001 §9).
  await expect(page.getByText(`Invitation sent to ${invitee.email} successfully!`)).toHaveCount(0, { timeout: 5000 });

  const row = page.getByTestId("invitation-row").filter({ hasText: invitee.email });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("Entrepreneur");

  // Resend, behind a Yes/No confirmation: the first mail's link stops working.
  const firstMail = await waitForMailTo(adminApi, invitee.email);
  await row.getByRole("button", { name: "Resend" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "No" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await row.getByRole("button", { name: "Resend" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("Invitation resent successfully!")).toBeVisible();
  let mail = firstMail;
  await expect.poll(async () => (mail = await waitForMailTo(adminApi, invitee.email)).id).not.toBe(firstMail.id);
  expect(mail.subject).toContain("invited");
  expect(mail.text).toContain(invitee.name);
  expect(mail.text).toContain("Entrepreneur");

  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(invitationLinkIn(firstMail.text));
  await expect(inviteePage.getByText("This invitation link is invalid or has already been used.")).toBeVisible();

  await inviteePage.goto(invitationLinkIn(mail.text));
  await expect(inviteePage.getByRole("heading", { name: `Welcome, ${invitee.name}` })).toBeVisible();
  await expect(inviteePage.getByText(invitee.email)).toBeVisible();
  await expect(inviteePage.getByLabel("Name")).toHaveValue(invitee.name);
  await inviteePage.getByLabel("Password", { exact: true }).fill("12345");
  await inviteePage.getByRole("button", { name: "Create my account" }).click();
  await expect(inviteePage.getByText("Password must be at least 6 characters long")).toBeVisible();
  await inviteePage.getByLabel("Password", { exact: true }).fill(invitee.password);
  await inviteePage.getByLabel("Confirm password").fill(`${invitee.password}x`);
  await inviteePage.getByRole("button", { name: "Create my account" }).click();
  await expect(inviteePage.getByText("Passwords do not match")).toBeVisible();
  await inviteePage.getByLabel("Confirm password").fill(invitee.password);
  await inviteePage.getByRole("button", { name: "Create my account" }).click();

  await expect(inviteePage).toHaveURL("/members");
  const sidebar = inviteePage.getByRole("complementary", { name: "Members sidebar" });
  await expect(sidebar.getByText("Entrepreneur", { exact: true })).toBeVisible();
  await inviteePage.reload();
  await expect(inviteePage.getByRole("complementary", { name: "Members sidebar" }).getByText("Entrepreneur", { exact: true })).toBeVisible();

  // The link was single use.
  await inviteePage.goto(invitationLinkIn(mail.text));
  await expect(inviteePage.getByText("This invitation link is invalid or has already been used.")).toBeVisible();
  await expect(inviteePage.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  await inviteeContext.close();

  // The admin's list now shows it accepted, without Resend or Delete.
  await page.reload();
  await page.getByRole("tab", { name: "Invitations" }).click();
  await expect(row).toContainText("Accepted");
  await expect(row.getByRole("button")).toHaveCount(0);
  await adminApi.dispose();
});

test("an admin deletes a pending invitation after confirming, and its link stops working", async ({ page }) => {
  const adminApi = await newAdminApi();
  const invitee = newAccount("withdrawn");
  const created = await adminApi.post("/api/admin/invitations", { data: { email: invitee.email, name: invitee.name, membershipTier: "inventor" } });
  expect(created.status()).toBe(201);
  const link = invitationLinkIn((await waitForMailTo(adminApi, invitee.email)).text);

  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/settings");
  await page.getByRole("tab", { name: "Invitations" }).click();
  const row = page.getByTestId("invitation-row").filter({ hasText: invitee.email });
  await row.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog")).toContainText(invitee.email);
  await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(row).toHaveCount(0);

  await page.goto(link);
  await expect(page.getByText("This invitation link is invalid or has already been used.")).toBeVisible();
  await adminApi.dispose();
});

test("an invitation link without a token explains itself and links home", async ({ page }) => {
  await page.goto("/accept-invitation");
  await expect(page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL("/");
});

test("inviting an address again says which invitation is waiting, and replaces it only when the admin agrees", async ({ page }) => {
  const adminApi = await newAdminApi();
  const invitee = newAccount("reinvited");
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/settings");
  await page.getByRole("tab", { name: "Invitations" }).click();
  const inviteAs = async (tier: string) => {
    await page.getByLabel("Recipient email").fill(invitee.email);
    await page.getByLabel("Recipient name").fill(invitee.name);
    await page.getByLabel("Membership tier").selectOption(tier);
    await page.getByRole("button", { name: "Send invitation" }).click();
  };
  await inviteAs("inventor");
  await expect(page.getByText(`Invitation sent to ${invitee.email} successfully!`)).toBeVisible();
  const firstMail = await waitForMailTo(adminApi, invitee.email);

  await inviteAs("brand-ceo");
  const dialog = page.getByRole("dialog", { name: "Replace the earlier invitation?" });
  await expect(dialog).toContainText(`An invitation to ${invitee.email.toLowerCase()} for the Inventor tier`);
  await expect(dialog).toContainText("the link in the earlier email stops working");
  await dialog.getByRole("button", { name: "Keep the earlier invitation" }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId("invitation-row").filter({ hasText: invitee.email.toLowerCase() });
  await expect(row).toContainText("Inventor");
  expect((await waitForMailTo(adminApi, invitee.email)).id).toBe(firstMail.id);

  await page.getByRole("button", { name: "Send invitation" }).click();
  await dialog.getByRole("button", { name: "Send and replace" }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email} successfully!`)).toBeVisible();
  await expect(row).toContainText("Brand CEO");
  await expect(page.getByTestId("invitation-row").filter({ hasText: invitee.email.toLowerCase() })).toHaveCount(1);
  await expect.poll(async () => (await waitForMailTo(adminApi, invitee.email)).id).not.toBe(firstMail.id);
});
