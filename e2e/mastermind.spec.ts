import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { newAdminApi } from "./support/admin-api";
import { E2E_ADMIN } from "./support/environment";

type Created = { id: number; title: string };

const run = Date.now().toString(36);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function createSession(api: APIRequestContext, session: Record<string, unknown>): Promise<Created> {
  const response = await api.post("/api/admin/sessions", { data: session });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

let monthly: Created;
let workshop: Created;
let retreat: Created;

test.beforeAll(async () => {
  const api = await newAdminApi();
  const common = { time: "10:00 AM-12:00 PM ET", location: "Live video call", description: "Bring your blocker and leave with next steps." };
  monthly = await createSession(api, { ...common, title: `Monthly Mastermind ${run}`, date: inDays(20), tier: "all", facilitator: "Founder & Community Host", participants: 24 });
  workshop = await createSession(api, {
    ...common,
    title: `Market Testing ${run}`,
    date: inDays(-40),
    tier: "entrepreneur",
    isPast: true,
    recordingUrl: "https://recordings.example.com/market-testing",
  });
  retreat = await createSession(api, {
    ...common,
    title: `CEO Roundtable ${run}`,
    date: inDays(-60),
    tier: "brand-ceo",
    isPast: true,
    recordingUrl: "https://recordings.example.com/ceo-roundtable",
  });
  await api.dispose();
});

test.describe("the public Masterminds page", () => {
  test("a visitor sees the sessions with their details, no recording links and an upgrade that asks to log in", async ({ page }) => {
    await page.goto("/mastermind");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mastermind");
    await expect(page.getByRole("heading", { level: 2, name: "Upcoming sessions" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Past sessions" })).toBeVisible();

    const session = page.getByTestId(`session-${monthly.id}`);
    for (const text of [monthly.title, "10:00 AM-12:00 PM ET", "Live video call", "Founder & Community Host", "24 seats"]) await expect(session).toContainText(text);

    await expect(page.getByRole("link", { name: /Watch the recording/ })).toHaveCount(0);
    await expect(page.getByTestId(`session-${workshop.id}`).getByTestId("recording-locked")).toHaveText("Recording available to Entrepreneur and Brand CEO members");
    await expect(page.getByTestId(`session-${retreat.id}`).getByTestId("recording-locked")).toHaveText("Recording available to Brand CEO members");

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
    await expect(page.getByTestId(`session-${retreat.id}`).getByRole("link", { name: /Watch the recording/ })).toHaveAttribute(
      "href",
      "https://recordings.example.com/ceo-roundtable",
    );
    await expect(page.getByTestId(`session-${workshop.id}`).getByRole("link", { name: /Watch the recording/ })).toBeVisible();
    await expect(page.getByTestId("recording-locked")).toHaveCount(0);
  });
});
