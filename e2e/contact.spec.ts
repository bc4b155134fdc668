import { expect, test } from "@playwright/test";
import { stubThirdPartyEmbeds } from "./support/third-party";

test("Contact: email, phone with hours, address, a lazily loaded map and the plans link", async ({ page, request }) => {
  const embeds = await stubThirdPartyEmbeds(page);
  const { contact } = (await (await request.get("/api/config")).json()) as { contact: { email: string; phone: string; address: string } };

  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
  const cards = page.getByTestId("contact-cards");
  await expect(cards.getByRole("link", { name: contact.email })).toHaveAttribute("href", `mailto:${contact.email}`);
  await expect(cards.getByRole("link", { name: contact.phone })).toHaveAttribute("href", /^tel:\+?\d+$/);
  await expect(cards).toContainText("Mon-Fri 9AM-5PM ET");
  await expect(cards).toContainText(contact.address);
  await expect(page.getByText("We reply within 24-48 hours.").first()).toBeVisible();

  const map = page.locator("iframe[title^='Map of our office']");
  await expect(map).toHaveAttribute("loading", "lazy");
  await expect(map).toHaveAttribute("src", new RegExp(encodeURIComponent(contact.address).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await map.scrollIntoViewIfNeeded();
  await expect.poll(() => embeds.some((url) => url.includes("output=embed"))).toBe(true);

  await expect(page.getByRole("link", { name: "View membership plans" })).toHaveAttribute("href", "/#pricing");
  // No image on the page comes from another site.
  const foreignImages = await page.locator("img").evaluateAll((images) =>
    images.map((image) => (image as HTMLImageElement).src).filter((src) => !src.startsWith(window.location.origin)),
  );
  expect(foreignImages).toEqual([]);
});
