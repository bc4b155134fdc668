import { expect, test } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { E2E_ADMIN } from "./support/environment";

test.describe("the public Masterminds page", () => {
  test("a visitor sees the sessions with their details, no recording links and an upgrade that asks to log in", async ({ page }) => {
    await page.goto("/mastermind");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mastermind");
    await expect(page.getByRole("heading", { level: 2, name: "Upcoming sessions" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Past sessions" })).toBeVisible();

    const session = page.getByTestId("session-monthly-mastermind");
    for (const text of ["10:00 AM-12:00 PM ET", "Live video call", "Founder & Community Host", "24 seats"]) await expect(session).toContainText(text);

    await expect(page.getByRole("link", { name: /Watch the recording/ })).toHaveCount(0);
    await expect(page.getByTestId("recording-locked").first()).toHaveText("Recording available to Entrepreneur and Brand CEO members");
    await expect(page.getByTestId("session-retail-buyers").getByTestId("recording-locked")).toHaveText("Recording available to Brand CEO members");

    const access = page.getByTestId("mastermind-access");
    await expect(access).toHaveAttribute("data-access", "no");
    await access.getByRole("button", { name: "Upgrade" }).click();
    await expect(page.getByRole("dialog", { name: "Log in to your account" })).toBeVisible();
  });

  test("an admin (Brand CEO) has access and gets every recording link", async ({ page }) => {
    await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/mastermind");
    await expect(page.getByTestId("mastermind-access")).toHaveAttribute("data-access", "yes");
    await expect(page.getByTestId("mastermind-access").getByRole("link", { name: "Open my sessions" })).toHaveAttribute("href", "/members/mastermind");
    const recordings = page.getByRole("link", { name: /Watch the recording/ });
    await expect(recordings).toHaveCount(3);
    await expect(page.getByTestId("session-retail-buyers").getByRole("link", { name: /Watch the recording/ })).toHaveAttribute(
      "href",
      "/members/mastermind?recording=retail-buyers",
    );
    await expect(page.getByTestId("recording-locked")).toHaveCount(0);
  });
});
