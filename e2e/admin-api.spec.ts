import { expect, test } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { E2E_ADMIN } from "./support/environment";

test("an admin reads the API reference: found from the sidebar, searched by path, an endpoint's fields with their limits, on a phone too", async ({ page }) => {
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin");
  await page.getByRole("complementary", { name: "Admin sidebar" }).getByRole("link", { name: "API Reference" }).click();
  await expect(page).toHaveURL("/admin/api");
  await expect(page.getByRole("heading", { level: 1, name: "API Reference" })).toBeVisible();
  await expect(page.getByRole("link", { name: "/api/openapi.json" })).toHaveAttribute("href", "/api/openapi.json");
  await expect(page.getByRole("heading", { level: 2, name: "Community" })).toBeVisible();

  const search = page.getByLabel("Search by path or name");
  await search.fill("/api/community/posts");
  await expect(page.getByRole("heading", { level: 2, name: "Billing" })).toHaveCount(0);
  const create = page.getByRole("listitem").filter({ hasText: "Create a community post" });
  await create.getByText("/api/community/posts", { exact: true }).click();
  await expect(create.getByText("POST", { exact: true })).toBeVisible();
  await expect(create.getByText("Member session")).toBeVisible();
  const content = create.getByRole("definition").filter({ hasText: "1 to 5,000 characters" });
  await expect(content).toContainText("string");
  await expect(create.getByRole("term").filter({ hasText: "content" })).toContainText("required");
  await expect(create.getByText("at most 10 items")).toBeVisible();
  await expect(create.getByText("201", { exact: true })).toBeVisible();

  await search.fill("admin/users");
  const adminList = page.getByRole("listitem").filter({ hasText: "List and search accounts" });
  await expect(adminList.getByText("Admin only")).toBeVisible();

  await search.fill("no-such-endpoint");
  await expect(page.getByText("No endpoint matches")).toBeVisible();
  await search.fill("");
  await expectNoSeriousAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await search.fill("community");
  await page.getByRole("listitem").filter({ hasText: "Pin, lock or move a post" }).locator("summary").click();
  await expect(page.getByText("Admin only").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});
