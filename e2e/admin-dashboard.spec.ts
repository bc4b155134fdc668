import { expect, request, test, type Page } from "@playwright/test";
import { newAccount, signInThroughApi } from "./support/accounts";
import { newAdminApi } from "./support/admin-api";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { E2E_ADMIN, E2E_BASE_URL } from "./support/environment";

const STATS = ["total", "active", "inactive", "admins", "free", "inventor", "entrepreneur", "brand-ceo"] as const;
type Counts = Record<(typeof STATS)[number], number>;

/** The eight numbers of the dashboard's cards, as shown. */
async function readCounts(page: Page): Promise<Counts> {
  const counts = {} as Counts;
  for (const key of STATS) {
    const text = await page.getByTestId(`stat-${key}`).getByRole("definition").innerText();
    counts[key] = Number(text.replace(/,/g, ""));
  }
  return counts;
}

/** Sign-ups in the newest week, from the table that carries the chart's numbers. */
async function signUpsThisWeek(page: Page): Promise<number> {
  const rows = page.getByRole("table", { name: "Sign-ups per week" }).getByRole("row");
  await expect(rows).toHaveCount(13);
  return Number(await rows.last().getByRole("cell").innerText());
}

const today = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" }).format(new Date());

test("the dashboard's counts, recent lists and weekly sign-ups follow new accounts", async ({ page }) => {
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
  const before = await readCounts(page);
  const weekBefore = await signUpsThisWeek(page);
  expect(before.total).toBe(before.active + before.inactive);
  expect(before.admins).toBeGreaterThanOrEqual(1);

  // An inactive inventor made by an admin, and a member who signs up and signs in.
  const adminApi = await newAdminApi();
  const dormant = newAccount("dashdormant");
  const created = await adminApi.post("/api/admin/users", {
    data: { name: dormant.name, email: dormant.email, password: dormant.password, confirmPassword: dormant.password, membershipTier: "inventor", isActive: false },
  });
  expect(created.status()).toBe(201);
  const member = newAccount("dashmember");
  const memberApi = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const signUp = await memberApi.post("/api/auth/sign-up/email", { data: { name: member.name, email: member.email, password: member.password } });
  expect(signUp.ok()).toBeTruthy();
  await signInThroughApi(memberApi, member.email, member.password);
  await memberApi.dispose();

  await page.reload();
  await expect(page.getByTestId("stat-total").getByRole("definition")).toHaveText(String(before.total + 2));
  expect(await readCounts(page)).toEqual({
    ...before,
    total: before.total + 2,
    active: before.active + 1,
    inactive: before.inactive + 1,
    free: before.free + 1,
    inventor: before.inventor + 1,
  });
  expect(await signUpsThisWeek(page)).toBe(weekBefore + 2);

  const registrations = page.getByRole("list", { name: "Recent registrations" }).getByRole("listitem");
  expect(await registrations.count()).toBeLessThanOrEqual(5);
  await expect(registrations.nth(0)).toContainText(member.name);
  await expect(registrations.nth(0)).toContainText(member.email);
  await expect(registrations.nth(0)).toContainText(today);
  await expect(registrations.nth(1)).toContainText(dormant.email);

  const logins = page.getByRole("list", { name: "Recent logins" }).getByRole("listitem");
  await expect(logins.first()).toContainText(member.email);
  // A sign-in shows its time as well as its day, in the admin's own time zone.
  const signedInAt = await logins.first().locator("time").getAttribute("datetime");
  expect(Date.now() - Date.parse(signedInAt ?? "")).toBeLessThan(10 * 60_000);
  const shown = await page.evaluate(
    (iso) => new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(new Date(iso)),
    signedInAt ?? "",
  );
  expect(shown).toMatch(/\d{1,2}:\d{2}\s?[AP]M/);
  await expect(logins.first()).toContainText(shown);
  await expect(registrations.nth(0)).not.toContainText(/\d:\d{2}/);
  await expect(page.getByRole("list", { name: "Recent logins" })).not.toContainText(dormant.email);

  await expect(page.getByRole("table", { name: "Members per tier" }).getByRole("row")).toHaveCount(13);
  const mrr = page.getByTestId("mrr");
  for (const tier of ["Inventor", "Entrepreneur", "Brand CEO", "Total per month"]) {
    await expect(mrr.getByRole("term").filter({ hasText: tier })).toBeVisible();
  }
  await expect(mrr.getByRole("definition").last()).toHaveText(/^\$[\d,]+\.\d{2}$/);

  await expectNoSeriousAxeViolations(page);

  await page.getByRole("link", { name: "Manage users" }).click();
  await expect(page).toHaveURL("/admin/users");
});
