import { expect, test } from "@playwright/test";

test("the inventors landing page: tagline, benefits, two stories and three Join Now plans", async ({ page }) => {
  await page.goto("/inventors");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Inventors Community");
  await expect(page).toHaveTitle("For Inventors | The Inventors Community");
  await expect(page.getByRole("heading", { level: 3, name: "Mentors who have shipped" })).toBeVisible();

  const stories = page.getByRole("region", { name: "Members who made it to the shelf" }).getByRole("article");
  await expect(stories).toHaveCount(2);
  await expect(stories.nth(0)).toContainText("Angela Ruiz");
  await expect(stories.nth(1)).toContainText("Derrick Coleman");

  const joinNow = page.getByRole("link", { name: /^Join Now/ });
  await expect(joinNow).toHaveCount(3);
  for (const [plan, name] of [
    ["inventor", "Inventor"],
    ["entrepreneur", "Entrepreneur"],
    ["brand-ceo", "Brand CEO"],
  ] as const) {
    const card = page.getByTestId(`paid-plan-${plan}`);
    await expect(card.getByRole("link", { name: /^Join Now/ })).toHaveText("Join Now");
    await expect(card.getByRole("link", { name: /^Join Now/ })).toHaveAttribute("href", `/checkout/${plan}`);
    await expect(card).toContainText(name);
  }
  await page.getByTestId("paid-plan-brand-ceo").getByRole("link", { name: /^Join Now/ }).click();
  await expect(page).toHaveURL("/checkout/brand-ceo");
});
