import { expect, test } from "@playwright/test";
import { newAccount, signInThroughApi } from "./support/accounts";
import { newAdminApi, waitForMailTo } from "./support/admin-api";
import { E2E_ADMIN, E2E_BASE_URL } from "./support/environment";

const DAY = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

test.use({ viewport: { width: 390, height: 844 } });

test("an admin imports a small CSV: the dry run's problems, confirmation, progress, the members listed; the member's account shows the complimentary plan", async ({ page, browser }) => {
  const paid = newAccount("imported-paid");
  const free = newAccount("imported-free");
  const csv = ["name,email,tier,joined,notes", `${paid.name},${paid.email},Inventor,2023-02-01,Founding member`, "Broken Row,not-an-address,free,,", `${free.name},${free.email},,,`].join("\n");
  const until = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import members" });
  await dialog.getByLabel("Members file").setInputFiles({ name: "old-platform.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await dialog.getByRole("button", { name: "Check file" }).click();

  await expect(dialog.getByTestId("import-summary")).toContainText("2 new members to create and invite");
  await expect(dialog.getByTestId("import-problem")).toHaveText(['3not-an-address: Email "not-an-address" is not a valid address']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await dialog.getByLabel("Paid tiers are complimentary until").fill(until);
  await dialog.getByRole("button", { name: "Import 2 members" }).click();

  await expect(dialog.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(dialog).toContainText("Import complete: 2 members created");
  await expect(dialog).toContainText("Invitations sent: 2.");
  await page.keyboard.press("Escape");

  await page.getByRole("searchbox", { name: "Search users" }).fill(paid.email);
  const row = page.getByTestId("user-row").filter({ hasText: paid.email });
  await expect(row).toContainText(`Complimentary until ${DAY.format(new Date(`${until}T00:00:00Z`))}`);
  await expect(row).toContainText("Note: Founding member");

  // The member sets a password through the mailed link, then sees the grant on their account page.
  const adminApi = await newAdminApi();
  const mail = await waitForMailTo(adminApi, paid.email);
  const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text)?.[1] ?? "");
  const reset = await adminApi.post("/api/auth/reset-password", { data: { token, newPassword: paid.password }, headers: { Origin: E2E_BASE_URL } });
  expect(reset.ok()).toBeTruthy();
  const member = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInThroughApi(member.request, paid.email, paid.password);
  await member.goto("/members/account");
  await expect(member.getByTestId("complimentary-plan")).toHaveText(`Complimentary Inventor plan until ${DAY.format(new Date(`${until}T00:00:00Z`))}`);
  await member.close();
  await adminApi.dispose();
});
