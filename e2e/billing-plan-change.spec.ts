import { expect, test, type Page } from "@playwright/test";
import { signUpAndOpenMembers } from "./support/accounts";
import { newAdminApi } from "./support/admin-api";

const RESOURCE = `Tooling Quote Checklist ${Date.now().toString(36)}`;

test.beforeAll(async () => {
  const admin = await newAdminApi();
  const created = await admin.post("/api/admin/resources", {
    data: { title: RESOURCE, description: "What to ask a factory before you sign a tooling quote.", type: "PDF", category: "manufacturing", tier: "entrepreneur", featured: true, fileUrl: "https://files.example.com/tooling-checklist.pdf" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();
});

async function payForInventor(page: Page): Promise<void> {
  await page.goto("/checkout/inventor");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/lcs_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $99.00" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
}

function resourceCard(page: Page) {
  return page.getByTestId("resource-card").filter({ has: page.getByRole("heading", { name: RESOURCE, exact: true }) });
}

test("a paying Inventor's Upgrade Now opens the plan change with today's amount; one confirm gives Entrepreneur at once", async ({ page }) => {
  await signUpAndOpenMembers(page, "upgrader");
  await payForInventor(page);

  await page.goto("/members/resources");
  await expect(resourceCard(page)).toContainText("Requires the Entrepreneur plan");
  await resourceCard(page).getByRole("link", { name: `Upgrade Now: ${RESOURCE}` }).click();
  await expect(page).toHaveURL("/checkout/entrepreneur");

  const change = page.getByTestId("plan-change");
  await expect(change.getByRole("heading", { name: "Change your plan to Entrepreneur" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
  // Just paid for Inventor: the rest of the period costs the $150.00 difference, give or take a cent of elapsed seconds.
  const amount = page.getByTestId("amount-due-today");
  await expect(amount).toHaveText(/^\$(149\.99|150\.00)$/);
  const quoted = await amount.innerText();
  await change.getByRole("button", { name: "Confirm upgrade to Entrepreneur" }).click();
  await expect(change.getByRole("heading", { name: "You're on Entrepreneur" })).toBeVisible();
  await expect(change).toContainText(`${quoted} was charged to your card.`);

  await page.goto("/members/resources");
  await expect(resourceCard(page).getByRole("link", { name: `Download: ${RESOURCE}` })).toBeVisible();
  await page.goto("/members/account");
  await expect(page.getByText(quoted, { exact: true })).toBeVisible();
});

test("on the account page a downgrade waits for the period end, and keeping the plan cancels it without a charge", async ({ page }) => {
  await signUpAndOpenMembers(page, "downgrader");
  await payForInventor(page);
  await page.goto("/checkout/brand-ceo");
  await page.getByTestId("plan-change").getByRole("button", { name: "Confirm upgrade to Brand CEO" }).click();
  await expect(page.getByRole("heading", { name: "You're on Brand CEO" })).toBeVisible();

  await page.goto("/members/account");
  await page.getByRole("button", { name: "Downgrade to Inventor" }).click();
  const change = page.getByTestId("plan-change");
  await expect(page.getByTestId("amount-due-today")).toHaveText("$0.00");
  await expect(change).toContainText(/Nothing is charged today\. Your plan changes to Inventor on \w+ \d+, \d{4}; you keep your current benefits until then\./);
  await change.getByRole("button", { name: "Confirm change to Inventor" }).click();
  await expect(page.getByText(/^Your plan changes to Inventor on \w+ \d+, \d{4}\. You keep your current benefits until then\.$/)).toBeVisible();

  await change.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Keep Brand CEO" }).click();
  await expect(page.getByTestId("amount-due-today")).toHaveText("$0.00");
  await page.getByTestId("plan-change").getByRole("button", { name: "Keep Brand CEO" }).click();
  await expect(page.getByRole("heading", { name: "You're on Brand CEO" })).toBeVisible();
  await expect(page.getByText(/Your plan changes to Inventor/)).toHaveCount(0);
});
