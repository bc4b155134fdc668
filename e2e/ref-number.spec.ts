import { expect, test } from "@playwright/test";
import { serveBrowserRendered } from "./support/browser-rendered";

test("without a booking calendar, /ref-number offers a request-a-call form and the phone and email", async ({ page, request }) => {
  const config = (await (await request.get("/api/config")).json()) as { bookingEmbedUrl: string | null; contact: { email: string; phone: string } };
  expect(config.bookingEmbedUrl).toBeNull();
  await page.goto("/ref-number");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schedule a Call");
  const booking = page.getByTestId("booking-by-request");
  await expect(booking.getByRole("heading", { name: "Request a call" })).toBeVisible();
  await expect(booking.getByRole("link", { name: config.contact.phone })).toBeVisible();
  await expect(booking.getByRole("link", { name: config.contact.email })).toHaveAttribute("href", `mailto:${config.contact.email}`);
  await expect(page.locator("iframe")).toHaveCount(0);
  // Words that say what this page does: nothing is booked here, a confirmation comes when the request does.
  await expect(page.getByText("Ask for a free, no-obligation call with our team")).toBeVisible();
  await expect(page.getByText("We email you a confirmation as soon as your request arrives")).toBeVisible();
  await expect(page.getByText("Pick a time")).toHaveCount(0);
  await expect(page.getByText("after you book")).toHaveCount(0);
});

test("with BOOKING_EMBED_URL set, /ref-number embeds that calendar", async ({ page, request }) => {
  const config = (await (await request.get("/api/config")).json()) as Record<string, unknown>;
  const bookingEmbedUrl = "https://calendar.example.com/embed/inventors";
  // The e2e server runs without a calendar; answer its config as a configured one would.
  await page.route("**/api/config", (route) => route.fulfill({ json: { ...config, bookingEmbedUrl } }));
  await page.route("https://calendar.example.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>calendar</title>" }));
  await serveBrowserRendered(page, "/ref-number");
  await page.goto("/ref-number");
  const calendar = page.locator("iframe[title^='Booking calendar']");
  await expect(calendar).toHaveAttribute("src", bookingEmbedUrl);
  await expect(page.getByTestId("booking-by-request")).toHaveCount(0);
  await expect(page.getByText("Pick a time for a free, no-obligation call")).toBeVisible();
  await expect(page.getByText("You will get a confirmation email with the details after you book.")).toBeVisible();
});
