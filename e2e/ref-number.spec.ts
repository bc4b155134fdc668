import { expect, test } from "@playwright/test";

test("without a booking calendar, /ref-number says how to book by phone or email", async ({ page, request }) => {
  const config = (await (await request.get("/api/config")).json()) as { bookingEmbedUrl: string | null; contact: { email: string; phone: string } };
  expect(config.bookingEmbedUrl).toBeNull();
  await page.goto("/ref-number");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schedule a Call");
  const message = page.getByTestId("booking-unavailable");
  await expect(message).toContainText("Online booking is not available right now");
  await expect(message.getByRole("link", { name: config.contact.phone })).toBeVisible();
  await expect(message.getByRole("link", { name: config.contact.email })).toHaveAttribute("href", `mailto:${config.contact.email}`);
  await expect(page.locator("iframe")).toHaveCount(0);
});

test("with BOOKING_EMBED_URL set, /ref-number embeds that calendar", async ({ page, request }) => {
  const config = (await (await request.get("/api/config")).json()) as Record<string, unknown>;
  const bookingEmbedUrl = "https://calendar.example.com/embed/inventors";
  // The e2e server runs without a calendar; answer its config as a configured one would.
  await page.route("**/api/config", (route) => route.fulfill({ json: { ...config, bookingEmbedUrl } }));
  await page.route("https://calendar.example.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>calendar</title>" }));
  await page.goto("/ref-number");
  const calendar = page.locator("iframe[title^='Booking calendar']");
  await expect(calendar).toHaveAttribute("src", bookingEmbedUrl);
  await expect(page.getByTestId("booking-unavailable")).toHaveCount(0);
});
