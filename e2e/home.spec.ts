import { expect, test } from "@playwright/test";
import { authDialog } from "./support/auth-modal";

test.describe("home page", () => {
  test("hero, plan grid and footer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Turn your invention into a brand that sells.");

    await page.getByRole("button", { name: "View Paid Plans" }).click();
    await expect(page.locator("#pricing")).toBeInViewport();

    const prices: [string, string][] = [
      ["free", "$0"],
      ["inventor", "$99"],
      ["entrepreneur", "$249"],
      ["brand-ceo", "$499"],
    ];
    for (const [tier, price] of prices) {
      await expect(page.getByTestId(`plan-${tier}`)).toContainText(`${price}/month`);
    }
    await expect(page.getByRole("link", { name: "Choose Inventor" })).toHaveAttribute("href", "/checkout/inventor");
    await expect(page.getByRole("link", { name: "Choose Entrepreneur" })).toHaveAttribute("href", "/checkout/entrepreneur");
    await expect(page.getByRole("link", { name: "Choose Brand CEO" })).toHaveAttribute("href", "/checkout/brand-ceo");

    await page.getByTestId("plan-free").getByRole("button", { name: "Join Free" }).click();
    await expect(page.getByRole("dialog", { name: "Create your free account" })).toBeVisible();
    await page.keyboard.press("Escape");

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("© 2025");
    const footerLinks: [string, string][] = [
      ["About", "/about"],
      ["University", "/university"],
      ["Mastermind", "/mastermind"],
      ["Brands", "/brands"],
      ["Contact", "/contact"],
      ["Privacy Policy", "/privacy-policy"],
      ["Terms of Service", "/terms-of-service"],
    ];
    for (const [label, href] of footerLinks) {
      await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.getByRole("link", { name: "LinkedIn" })).toBeVisible();
  });

  test("the header links to every public page", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const pages: [string, string, string][] = [
      ["University", "/university", "University"],
      ["Mastermind", "/mastermind", "Mastermind"],
      ["Services", "/services", "Services"],
      ["Brands", "/brands", "Brands"],
      ["In The News", "/in-the-news", "In The News"],
      ["About", "/about", "About"],
    ];
    for (const [label, path, heading] of pages) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    await expect(nav.getByRole("link", { name: "Community" })).toHaveCount(0);
  });

  test("story video, benefits, founder quote and closing call to action", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: "Built by an inventor who learned the hard way" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Play video: Our story/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Everything between the idea and the store shelf" })).toBeVisible();
    const quote = page.getByRole("region", { name: "A word from our founder" });
    await expect(quote.locator("blockquote")).toContainText("Every inventor I meet already has the idea.");
    await expect(quote).toContainText("Marcus Hale");
    await expect(page.getByRole("heading", { name: "Your product deserves a team behind it." })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  });

  test("/pricing goes to the plan grid of the home page", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page).toHaveURL("/#pricing");
    await expect(page.locator("#pricing")).toBeInViewport();
    await expect(page.getByTestId("plan-inventor")).toBeVisible();
  });

  test("a paid plan's link opens its checkout page, behind the login dialog for a visitor", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Choose Entrepreneur" }).click();
    await expect(page).toHaveURL("/checkout/entrepreneur");
    // The dialog opens whenever the session check answers and hides the page from the accessibility
    // tree meanwhile: wait for it, close it, then read the page.
    const dialog = authDialog(page);
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entrepreneur membership");
    await expect(page.getByText("$249").first()).toBeVisible();
  });
});
