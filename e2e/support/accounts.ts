import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "./environment";

export type TestAccount = { name: string; email: string; password: string };

let counter = 0;

/** A new account's details, unique within and across runs. */
export function newAccount(prefix = "member"): TestAccount {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Test ${prefix} ${suffix}`, email: `${prefix}-${suffix}@e2e.test`, password: `Pass-${suffix}` };
}

// better-auth checks the Origin of state-changing calls made outside a browser page.
const originHeaders = { Origin: E2E_BASE_URL };

/** Creates the account through the API; when `request` is a page's, that page is then signed in. */
export async function signUpThroughApi(request: APIRequestContext, account: TestAccount): Promise<void> {
  const response = await request.post("/api/auth/sign-up/email", {
    data: { name: account.name, email: account.email, password: account.password },
    headers: originHeaders,
  });
  expect(response.ok(), `sign-up of ${account.email} answered ${response.status()}`).toBeTruthy();
}

/** Signs in through the API (cookies land in `request`'s context). */
export async function signInThroughApi(request: APIRequestContext, email: string, password: string): Promise<void> {
  const response = await request.post("/api/auth/sign-in/email", { data: { email, password }, headers: originHeaders });
  expect(response.ok(), `sign-in of ${email} answered ${response.status()}`).toBeTruthy();
}

/** A signed-up member whose browser page is signed in and on the members dashboard. */
export async function signUpAndOpenMembers(page: Page, prefix = "member"): Promise<TestAccount> {
  const account = newAccount(prefix);
  await signUpThroughApi(page.request, account);
  await page.goto("/members");
  await expect(page).toHaveURL("/members");
  await expect(page.getByRole("heading", { level: 1, name: /^Good to see you/ })).toBeVisible();
  return account;
}
