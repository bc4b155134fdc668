import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "./support/environment";
import { signUpAndOpenMembers } from "./support/accounts";

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
  await expect(dialog.getByText("Profile updated successfully!")).toBeVisible();
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
