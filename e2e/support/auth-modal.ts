import { expect, type Locator, type Page } from "@playwright/test";

/** The log-in / sign-up dialog. */
export function authDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: /log in to your account|create your free account/i });
}

/** Opens the modal from the header's Log in button (desktop layout). */
export async function openLogIn(page: Page): Promise<Locator> {
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in to your account" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Opens the modal on its sign-up side from the hero's Join Free button. */
export async function openSignUp(page: Page): Promise<Locator> {
  await page.getByRole("main").getByRole("button", { name: "Join Free" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create your free account" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills the log-in side and submits it. */
export async function logInWith(dialog: Locator, email: string, password: string): Promise<void> {
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
}
