import { expect, test } from "@playwright/test";
import { TERMS_SECTION_TITLES } from "../web/features/legal/terms-sections";

test("Terms of Service: dated June 20, 2025, the 13 numbered sections, Florida law, 18+ and the contact block", async ({ page, request }) => {
  const { contact } = (await (await request.get("/api/config")).json()) as { contact: { email: string; phone: string; address: string } };
  await page.goto("/terms-of-service");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await expect(page.getByText("Last updated: June 20, 2025")).toBeVisible();
  const headings = page.locator("article").getByRole("heading", { level: 2 });
  await expect(headings).toHaveText(TERMS_SECTION_TITLES.map((title, index) => `${index + 1}. ${title}`));
  await expect(page.locator("#governing-law")).toContainText("State of Florida, United States");
  await expect(page.locator("#accounts")).toContainText("at least 18 years old");
  const block = page.getByTestId("contact-block");
  await expect(block).toContainText(contact.address);
  await expect(block.getByRole("link", { name: contact.email })).toHaveAttribute("href", `mailto:${contact.email}`);
  await expect(block).toContainText(contact.phone);
});

test("Privacy Policy: dated, the data collected, the rights, under-18s and no sale of data", async ({ page, request }) => {
  const { contact } = (await (await request.get("/api/config")).json()) as { contact: { email: string } };
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect(page.getByText("Last updated: June 20, 2025")).toBeVisible();
  const collected = page.locator("#information-we-collect");
  for (const kind of ["Contact data", "Account data", "Payment data", "Communication data", "Profile data", "Device and usage data", "Cookies"]) {
    await expect(collected).toContainText(kind);
  }
  const rights = page.locator("#your-rights");
  for (const right of ["Access", "Correction", "Deletion", "Restriction", "Portability", "Objection"]) await expect(rights).toContainText(right);
  await expect(page.locator("#children")).toContainText("not intended for children under 18");
  await expect(page.locator("#sharing")).toContainText("We do not sell your personal information");
  await expect(page.getByTestId("contact-block")).toContainText(contact.email);
  await page.getByRole("link", { name: "Terms of Service" }).first().click();
  await expect(page).toHaveURL("/terms-of-service");
});
