import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "./support/environment";
import { signInThroughApi, signUpAndOpenMembers } from "./support/accounts";
import { waitForBriefState } from "./support/brief-states";

test("a member edits their profile: validation, a broken picture, then a new name in the sidebar", async ({ page }) => {
  await signUpAndOpenMembers(page, "editor");
  const sidebar = page.getByRole("complementary", { name: "Members sidebar" });
  await sidebar.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  await expect(dialog).toBeVisible();

  const nameField = dialog.getByLabel("Full name");
  const pictureField = dialog.getByLabel("Profile picture URL");
  const save = dialog.getByRole("button", { name: "Save changes" });

  await nameField.fill("");
  await save.click();
  await expect(dialog.getByText("Name is required")).toBeVisible();

  await nameField.fill("Renamed Inventor");
  await pictureField.fill("ftp://example.com/me.png");
  await save.click();
  await expect(dialog.getByText("Please enter a valid URL for the profile picture")).toBeVisible();

  // An address that is not an image: the preview fails and saving is blocked.
  await pictureField.fill(`${E2E_BASE_URL}/api/health`);
  await expect(dialog.getByText("Invalid image URL. Please try another one.")).toBeVisible();
  await expect(save).toBeDisabled();

  // A real image works.
  await pictureField.fill(`${E2E_BASE_URL}/favicon.svg`);
  await expect(dialog.getByText("Invalid image URL. Please try another one.")).toHaveCount(0);
  await expect(dialog.getByText("Looks good. This picture will show in your sidebar.")).toBeVisible();
  await save.click();
  await waitForBriefState(page, { text: "Profile updated successfully!" });
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await expect(sidebar.getByText("Welcome, Renamed Inventor")).toBeVisible();
  await expect(sidebar.locator(`img[src="${E2E_BASE_URL}/favicon.svg"]`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole("complementary", { name: "Members sidebar" }).getByText("Welcome, Renamed Inventor")).toBeVisible();

  const me = await page.request.get("/api/me");
  expect(await me.json()).toMatchObject({ user: { name: "Renamed Inventor", profilePicture: `${E2E_BASE_URL}/favicon.svg` } });
});

test("the profile endpoint refuses an update without a session", async ({ request }) => {
  const response = await request.patch("/api/me/profile", {
    data: { name: "Nobody", profilePicture: null },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ error: { message: "You must be logged in to update your profile" } });
});

test("a member changes the password in Edit Profile, which signs out the other browser; then signs out of all other devices", async ({ page, browser }) => {
  const account = await signUpAndOpenMembers(page, "password");
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInThroughApi(other.request, account.email, account.password);
  await other.goto("/members");
  await expect(other).toHaveURL("/members");

  const sidebar = page.getByRole("complementary", { name: "Members sidebar" });
  await sidebar.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  await dialog.getByRole("button", { name: "Change password" }).click();
  const form = dialog.getByRole("form", { name: "Change password" });

  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Password is required")).toBeVisible();
  await expect(form.getByText("Password must be at least 6 characters long")).toBeVisible();

  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password", { exact: true }).fill("brand-new-1");
  await form.getByLabel("Confirm new password").fill("brand-new-2");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Passwords do not match")).toBeVisible();

  await form.getByLabel("Confirm new password").fill("brand-new-1");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Invalid password" })).toBeVisible();

  await form.getByLabel("Current password").fill(account.password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByText("Password updated. You are still signed in here; every other device has been signed out.")).toBeVisible();

  // This browser keeps working; the other one is signed out on its next request.
  expect((await (await page.request.get("/api/me")).json()).user).toMatchObject({ email: account.email });
  expect((await (await other.request.get("/api/me")).json()).user).toBeNull();
  await other.reload();
  await expect(other).not.toHaveURL(/\/members$/);

  // Signed in again elsewhere with the new password, then signed out from here with one button.
  await signInThroughApi(other.request, account.email, "brand-new-1");
  expect((await (await other.request.get("/api/me")).json()).user).toMatchObject({ email: account.email });
  await dialog.getByRole("button", { name: "Sign out of all other devices" }).click();
  await expect(dialog.getByText("Signed out of all other devices.")).toBeVisible();
  expect((await (await other.request.get("/api/me")).json()).user).toBeNull();
  expect((await (await page.request.get("/api/me")).json()).user).toMatchObject({ email: account.email });
  await otherContext.close();
});
