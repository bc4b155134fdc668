import { expect, test } from "@playwright/test";

const CATEGORIES = [
  ["All", null],
  ["Health & Wellness", "health-wellness"],
  ["Fitness & Health", "fitness-health"],
  ["Sustainable Fashion", "sustainable-fashion"],
  ["Home & Bedding", "home-bedding"],
  ["Travel Accessories", "travel-accessories"],
  ["Pet Supplies", "pet-supplies"],
  ["Home Decor", "home-decor"],
  ["Fashion & Apparel", "fashion-apparel"],
] as const;

test.describe("Brands", () => {
  test("16 brands, 3 featured, and a link to /pricing", async ({ page }) => {
    await page.goto("/brands");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brands");
    await expect(page.getByRole("region", { name: "Featured brands" }).getByRole("article")).toHaveCount(3);
    await expect(page.getByTestId("brand-grid").getByRole("article")).toHaveCount(16);
    await expect(page.getByTestId("brand-count")).toHaveText("Showing all 16 brands");
    await expect(page.getByRole("link", { name: "See membership plans" })).toHaveAttribute("href", "/pricing");
  });

  test("every brand card links to its own brand's website, and no two cards share one", async ({ page }) => {
    await page.goto("/brands");
    const cards = page.getByTestId("brand-grid").getByRole("article");
    await expect(cards).toHaveCount(16);
    const hosts = new Set<string>();
    for (const card of await cards.all()) {
      const name = (await card.getByRole("heading").textContent()) ?? "";
      const link = card.getByRole("link", { name: `Visit ${name}` });
      const host = new URL((await link.getAttribute("href")) ?? "").hostname;
      // The sample addresses are www.<the brand's name, in lower case, & as "and">.example.
      const expected = name.toLowerCase().replace(/&/g, "and").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
      expect(host, name).toBe(`www.${expected}.example`);
      hosts.add(host);
    }
    expect(hosts.size).toBe(16);
  });

  test("the category filter offers all plus the eight categories and keeps the choice in the URL", async ({ page }) => {
    await page.goto("/brands");
    const filter = page.getByRole("group", { name: "Filter brands by category" });
    await expect(filter.getByRole("button")).toHaveText(CATEGORIES.map(([label]) => label));
    await expect(filter.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");

    await filter.getByRole("button", { name: "Pet Supplies" }).click();
    await expect(page).toHaveURL("/brands?category=pet-supplies");
    await expect(filter.getByRole("button", { name: "Pet Supplies" })).toHaveAttribute("aria-pressed", "true");
    const grid = page.getByTestId("brand-grid");
    await expect(grid.getByRole("article")).toHaveCount(2);
    await expect(grid).toContainText("PawPlate");
    await expect(grid).toContainText("LeashLoop");
    await expect(page.getByTestId("brand-count")).toHaveText("Showing 2 of 16 brands in Pet Supplies");

    // The filter survives a reload, because it lives in the URL.
    await page.reload();
    await expect(filter.getByRole("button", { name: "Pet Supplies" })).toHaveAttribute("aria-pressed", "true");
    await expect(grid.getByRole("article")).toHaveCount(2);

    // Back returns to the previous filter; All clears the query.
    await filter.getByRole("button", { name: "Home Decor" }).click();
    await expect(page).toHaveURL("/brands?category=home-decor");
    await page.goBack();
    await expect(page).toHaveURL("/brands?category=pet-supplies");
    await filter.getByRole("button", { name: "All" }).click();
    await expect(page).toHaveURL("/brands");
    await expect(grid.getByRole("article")).toHaveCount(16);
  });

  test("every category shows its own two brands, and an unknown one shows all", async ({ page }) => {
    for (const [, id] of CATEGORIES.slice(1)) {
      await page.goto(`/brands?category=${id}`);
      await expect(page.getByTestId("brand-grid").getByRole("article")).toHaveCount(2);
    }
    await page.goto("/brands?category=not-a-category");
    await expect(page.getByTestId("brand-grid").getByRole("article")).toHaveCount(16);
  });
});
