import { expect, test } from "@playwright/test";
import { signUpAndOpenMembers } from "./support/accounts";

test("log out from the members sidebar returns to / signed out", async ({ page }) => {
  await signUpAndOpenMembers(page, "leaver");
  await page.getByRole("complementary", { name: "Members sidebar" }).getByRole("button", { name: "Log out" }).click();

  await expect(page).toHaveURL("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Join Free" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Community" })).toHaveCount(0);

  const me = await page.request.get("/api/me");
  expect(await me.json()).toEqual({ user: null });

  await page.goto("/members");
  await expect(page).toHaveURL("/");
});
