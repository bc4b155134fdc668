import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../common/marketing/public-pages";

test("every public page has its own title and description, also after client-side navigation", async ({ page }) => {
  const titles = new Set(PUBLIC_PAGES.map((entry) => entry.title));
  const descriptions = new Set(PUBLIC_PAGES.map((entry) => entry.description));
  expect(titles.size).toBe(PUBLIC_PAGES.length);
  expect(descriptions.size).toBe(PUBLIC_PAGES.length);

  for (const entry of PUBLIC_PAGES) {
    await page.goto(entry.path);
    await expect(page).toHaveTitle(entry.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", entry.description);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  }

  // Moving around inside the app updates the head as well.
  await page.goto("/");
  for (const [label, path] of [
    ["Brands", "/brands"],
    ["About", "/about"],
    ["Home", "/"],
  ] as const) {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label, exact: true }).click();
    const entry = PUBLIC_PAGES.find((candidate) => candidate.path === path);
    await expect(page).toHaveTitle(entry?.title ?? "");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", entry?.description ?? "");
  }
});
