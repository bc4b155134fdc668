import { expect, test } from "@playwright/test";

test("Services: three service groups and a link to /pricing", async ({ page }) => {
  await page.goto("/services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services");
  const groups = page.getByRole("region", { name: "Three ways we can help" }).getByRole("article");
  await expect(groups).toHaveCount(3);
  await expect(groups.getByRole("heading", { level: 3 })).toHaveText(["Product Development", "Manufacturing & Sourcing", "Marketing & Launch"]);
  await expect(page.getByRole("link", { name: "See membership plans" })).toHaveAttribute("href", "/pricing");
  await page.getByRole("link", { name: "Book a free discovery call" }).click();
  await expect(page).toHaveURL("/ref-number");
});

test("About: the story, values and team, linking on to the rest of the site", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");
  await expect(page.getByText("veteran-owned company").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Run the way we served" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Who you will meet" }).getByRole("listitem")).toHaveCount(4);
  await page.getByRole("link", { name: "mastermind sessions" }).click();
  await expect(page).toHaveURL("/mastermind");
});
