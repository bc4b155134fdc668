import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { ResourceInput } from "../common/contracts/resources";
import type { SessionInput } from "../common/contracts/sessions";
import type { VideoInput } from "../common/contracts/videos";
import { newAccount, signUpThroughApi, type TestAccount } from "./support/accounts";
import { newAdminApi, setMemberTier } from "./support/admin-api";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { stubThirdPartyEmbeds } from "./support/third-party";

/*
 * The members pages /members/mastermind, /members/resources and /members/training for a member of
 * each tier, against content the admin creates through the API for this run. Every title carries the
 * run's tag, so content made by other journeys on the same server never counts.
 */

type Tier = "free" | "inventor" | "entrepreneur" | "brand-ceo";

const TAG = `mc${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const nextYear = new Date().getFullYear() + 1;

const SESSIONS = {
  all: `Open Roundtable ${TAG}`,
  inventor: `Prototype Workshop ${TAG}`,
  entrepreneur: `Scaling Clinic ${TAG}`,
  "brand-ceo": `VIP CEO Retreat ${TAG}`,
  past: `Patent Basics Recap ${TAG}`,
} as const;
const RECORDING_URL = "https://videos.example.com/patent-basics-recap";

const RESOURCES = {
  free: `Invention Checklist ${TAG}`,
  all: `Supplier Scorecard ${TAG}`,
  inventor: `Prototype Budget Sheet ${TAG}`,
  entrepreneur: `Factory Audit Guide ${TAG}`,
  "brand-ceo": `Retail Pitch Deck ${TAG}`,
} as const;
const RESOURCE_FILE = "https://files.example.com/member-resource.pdf";

const VIDEOS = {
  all: `Welcome to the Community ${TAG}`,
  inventor: `Sketch to Prototype ${TAG}`,
  entrepreneur: `Negotiating with Factories ${TAG}`,
  "brand-ceo": `Building a Brand Portfolio ${TAG}`,
} as const;
/** A word only the entrepreneur video's description holds, for the search. */
const DESCRIPTION_ONLY_WORD = "moldmaking";
const YOUTUBE_IDS = { all: "dQw4w9WgXcQ", inventor: "aqz-KE-bpKQ", entrepreneur: "ScMzIvxBSi4", "brand-ceo": "M7lc1UVf-VE" } as const;
const FILE_VIDEO = `Packaging Teardown ${TAG}`;

let adminApi: APIRequestContext;
let sessionIds: Record<keyof typeof SESSIONS, number>;

async function createAs(path: string, body: SessionInput | ResourceInput | VideoInput): Promise<{ id: number }> {
  const response = await adminApi.post(path, { data: body });
  expect(response.status(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(201);
  return (await response.json()) as { id: number };
}

function session(title: string, tier: SessionInput["tier"], day: number, past = false): SessionInput {
  return {
    title,
    date: `${past ? nextYear - 3 : nextYear}-03-${String(day).padStart(2, "0")}`,
    time: "10:00 AM-12:00 PM ET",
    location: "Zoom video call",
    description: `A working session for ${tier} members: bring one question about your product.`,
    facilitator: "Dana Whitfield",
    tier,
    isPast: past,
    recordingUrl: past ? RECORDING_URL : null,
  };
}

test.beforeAll(async () => {
  adminApi = await newAdminApi();
  const created = {
    all: await createAs("/api/admin/sessions", session(SESSIONS.all, "all", 10)),
    inventor: await createAs("/api/admin/sessions", session(SESSIONS.inventor, "inventor", 12)),
    entrepreneur: await createAs("/api/admin/sessions", session(SESSIONS.entrepreneur, "entrepreneur", 14)),
    "brand-ceo": await createAs("/api/admin/sessions", session(SESSIONS["brand-ceo"], "brand-ceo", 16)),
    past: await createAs("/api/admin/sessions", session(SESSIONS.past, "inventor", 5, true)),
  };
  sessionIds = { all: created.all.id, inventor: created.inventor.id, entrepreneur: created.entrepreneur.id, "brand-ceo": created["brand-ceo"].id, past: created.past.id };

  const resourceCategories = { free: "legal", all: "templates", inventor: "product-development", entrepreneur: "manufacturing", "brand-ceo": "marketing" } as const;
  for (const tier of ["free", "all", "inventor", "entrepreneur", "brand-ceo"] as const) {
    await createAs("/api/admin/resources", {
      title: RESOURCES[tier],
      description: `A ${tier} resource for members working on their first product.`,
      type: "PDF",
      category: resourceCategories[tier],
      tier,
      featured: tier === "entrepreneur",
      fileUrl: RESOURCE_FILE,
    });
  }

  for (const level of ["all", "inventor", "entrepreneur", "brand-ceo"] as const) {
    await createAs("/api/admin/videos", {
      source: "youtube",
      title: VIDEOS[level],
      description: level === "entrepreneur" ? `Quotes, tooling and ${DESCRIPTION_ONLY_WORD} costs explained.` : `A lesson for ${level} members.`,
      category: "manufacturing",
      accessLevel: level,
      youtubeUrl: `https://www.youtube.com/watch?v=${YOUTUBE_IDS[level]}`,
    });
  }
  await createAs("/api/admin/videos", {
    source: "file",
    title: FILE_VIDEO,
    description: "What a retail-ready box costs, layer by layer.",
    category: "marketing",
    accessLevel: "all",
    fileUrl: "https://files.example.com/packaging-teardown.mp4",
    duration: "12:34",
    releaseDate: `${nextYear - 1}-01-15`,
  });
});

test.afterAll(async () => {
  await adminApi.dispose();
});

/** A new member of `tier`, signed in on `page`; video thumbnails and embeds are answered locally. */
async function memberOfTier(page: Page, tier: Tier): Promise<TestAccount> {
  await stubThirdPartyEmbeds(page);
  await page.route(/^https:\/\/img\.youtube\.com\//, (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"><rect width="16" height="9" fill="#334b80"/></svg>' }),
  );
  const account = newAccount(tier);
  await signUpThroughApi(page.request, account);
  if (tier !== "free") await setMemberTier(adminApi, account.email, tier);
  return account;
}

/** Cards of this run's content inside `scope`. */
const ours = (scope: Locator) => scope.locator("article").filter({ hasText: TAG });

async function expectTitles(scope: Locator, titles: string[]): Promise<void> {
  await expect(ours(scope)).toHaveCount(titles.length);
  for (const title of titles) await expect(ours(scope).filter({ hasText: title })).toHaveCount(1);
}

async function openSessions(page: Page): Promise<{ upcoming: Locator; past: Locator }> {
  await page.goto("/members/mastermind");
  await expect(page.getByRole("heading", { level: 1, name: "Mastermind Sessions" })).toBeVisible();
  return { upcoming: page.getByRole("region", { name: "Upcoming sessions" }), past: page.getByRole("region", { name: "Past sessions" }) };
}

async function openResources(page: Page): Promise<Locator> {
  await page.goto("/members/resources");
  await expect(page.getByRole("heading", { level: 1, name: "Resource Library" })).toBeVisible();
  const grid = page.getByTestId("resource-grid");
  await expect(grid).toBeVisible();
  return grid;
}

function resourceCard(page: Page, title: string): Locator {
  return page.getByTestId("resource-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/** Opens the training page and narrows it to this run's videos with the search box. */
async function openTraining(page: Page): Promise<Locator> {
  await page.goto("/members/training");
  await expect(page.getByRole("heading", { level: 1, name: "Training Videos" })).toBeVisible();
  await page.getByPlaceholder("Search videos...").fill(TAG);
  return page.getByTestId("video-grid");
}

const chips = (page: Page) => page.getByRole("group", { name: "Filter videos by access level" }).getByRole("button");

test.describe("members content by tier", () => {
  test("a free member: an upgrade prompt instead of sessions, free resources only, All Members videos and the premium banner", async ({ page }) => {
    await memberOfTier(page, "free");

    await openSessions(page);
    const prompt = page.getByTestId("sessions-upgrade");
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("link", { name: "View Paid Plans" })).toHaveAttribute("href", "/#pricing");
    await expect(page.getByRole("heading", { name: "Upcoming sessions" })).toHaveCount(0);
    await expect(page.getByText(SESSIONS.all)).toHaveCount(0);

    const grid = await openResources(page);
    await expect(ours(grid)).toHaveCount(5);
    await expect(resourceCard(page, RESOURCES.free).getByRole("link", { name: `Download: ${RESOURCES.free}` })).toBeVisible();
    for (const tier of ["all", "inventor", "entrepreneur", "brand-ceo"] as const) {
      const card = resourceCard(page, RESOURCES[tier]);
      await expect(card).toHaveAttribute("data-locked", "true");
      await expect(card.getByRole("link", { name: /^Download/ })).toHaveCount(0);
    }
    await expect(resourceCard(page, RESOURCES.all)).toContainText("Requires the Inventor plan");
    await expect(resourceCard(page, RESOURCES["brand-ceo"])).toContainText("Requires the Brand CEO plan");

    const videos = await openTraining(page);
    await expectTitles(videos, [VIDEOS.all, FILE_VIDEO]);
    await expect(chips(page)).toHaveText(["All Videos"]);
    const banner = page.getByTestId("premium-banner");
    await expect(banner.getByRole("heading", { name: "Unlock Premium Videos" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "View Membership Options" })).toHaveAttribute("href", "/#pricing");
  });

  test("an inventor: inventor sessions with RSVP, calendar and recording; inventor resources download; Upgrade Now goes to checkout", async ({ page }) => {
    const account = await memberOfTier(page, "inventor");

    const { upcoming, past } = await openSessions(page);
    await expectTitles(upcoming, [SESSIONS.all, SESSIONS.inventor]);
    await expectTitles(past, [SESSIONS.past]);
    const workshop = page.getByTestId(`session-${sessionIds.inventor}`);
    for (const text of ["Inventor & Above", "10:00 AM-12:00 PM ET", "Zoom video call", "Dana Whitfield", `March 12, ${nextYear}`]) await expect(workshop).toContainText(text);
    await expect(page.getByTestId(`session-${sessionIds.all}`)).toContainText("All Members");
    await expect(past.getByRole("link", { name: `Watch the recording: ${SESSIONS.past}` })).toHaveAttribute("href", RECORDING_URL);

    // RSVP shows the member among those going, survives a reload, and can be cancelled.
    await workshop.getByRole("button", { name: "RSVP" }).click();
    const going = workshop.getByRole("button", { name: "You're going" });
    await expect(going).toHaveAttribute("aria-pressed", "true");
    await expect(workshop.getByTestId("attendees")).toHaveText(`1 member going: ${account.name}`);
    await page.reload();
    await expect(page.getByTestId(`session-${sessionIds.inventor}`).getByTestId("attendees")).toContainText(account.name);
    await page.getByTestId(`session-${sessionIds.inventor}`).getByRole("button", { name: "You're going" }).click();
    await expect(page.getByTestId(`session-${sessionIds.inventor}`).getByRole("button", { name: "RSVP" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId(`session-${sessionIds.inventor}`).getByTestId("attendees")).not.toContainText(account.name);

    const calendar = page.getByTestId(`session-${sessionIds.inventor}`).getByRole("link", { name: "Add to calendar" });
    const href = await calendar.getAttribute("href");
    expect(href).toBe(`/api/members/sessions/${sessionIds.inventor}/calendar.ics`);
    const ics = await page.request.get(href ?? "");
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    expect(await ics.text()).toContain(SESSIONS.inventor);

    await openResources(page);
    for (const tier of ["free", "all", "inventor"] as const) {
      await expect(resourceCard(page, RESOURCES[tier]).getByRole("link", { name: `Download: ${RESOURCES[tier]}` })).toBeVisible();
    }
    const download = await resourceCard(page, RESOURCES.inventor).getByRole("link", { name: /^Download/ }).getAttribute("href");
    const file = await page.request.get(download ?? "", { maxRedirects: 0 });
    expect(file.status(), "the signed link leads to the file").toBe(302);
    expect(file.headers().location).toBe(RESOURCE_FILE);

    const locked = resourceCard(page, RESOURCES.entrepreneur);
    await expect(locked).toContainText("Requires the Entrepreneur plan");
    await locked.getByRole("link", { name: `Upgrade Now: ${RESOURCES.entrepreneur}` }).click();
    await expect(page).toHaveURL("/checkout/entrepreneur");

    const videos = await openTraining(page);
    await expectTitles(videos, [VIDEOS.all, VIDEOS.inventor, FILE_VIDEO]);
    await expect(chips(page)).toHaveText(["All Videos", "Inventor & Above"]);
    await expect(page.getByTestId("premium-banner")).toHaveCount(0);
  });

  test("an entrepreneur: the sessions, resources and videos up to Entrepreneur; the category filter; search, chips and playback", async ({ page }) => {
    await memberOfTier(page, "entrepreneur");

    const { upcoming } = await openSessions(page);
    await expectTitles(upcoming, [SESSIONS.all, SESSIONS.inventor, SESSIONS.entrepreneur]);
    // Upcoming sessions come soonest first.
    await expect(ours(upcoming).getByRole("heading")).toHaveText([SESSIONS.all, SESSIONS.inventor, SESSIONS.entrepreneur]);

    const grid = await openResources(page);
    await expect(ours(grid).first()).toContainText(RESOURCES.entrepreneur);
    await expect(resourceCard(page, RESOURCES.entrepreneur)).toContainText("Featured");
    await expect(resourceCard(page, RESOURCES.entrepreneur).getByRole("link", { name: /^Download/ })).toBeVisible();
    await expect(resourceCard(page, RESOURCES["brand-ceo"])).toHaveAttribute("data-locked", "true");
    await page.getByRole("group", { name: "Filter resources by category" }).getByRole("button", { name: "Manufacturing" }).click();
    await expect(page.getByRole("button", { name: "Manufacturing" })).toHaveAttribute("aria-pressed", "true");
    await expectTitles(page.getByTestId("resource-grid"), [RESOURCES.entrepreneur]);
    await expect(page.getByTestId("resource-card").filter({ hasText: "Manufacturing" })).toHaveCount(await page.getByTestId("resource-card").count());

    const videos = await openTraining(page);
    await expectTitles(videos, [VIDEOS.all, VIDEOS.inventor, VIDEOS.entrepreneur, FILE_VIDEO]);
    await expect(chips(page)).toHaveText(["All Videos", "Inventor & Above", "Entrepreneur & Above"]);
    const youtubeCard = videos.locator("article").filter({ hasText: VIDEOS.entrepreneur });
    await expect(youtubeCard).toContainText("YouTube Video");
    await expect(youtubeCard).toContainText("Entrepreneur & Above");
    await expect(youtubeCard.locator("img")).toHaveAttribute("src", `https://img.youtube.com/vi/${YOUTUBE_IDS.entrepreneur}/maxresdefault.jpg`);
    await expect(videos.locator("article").filter({ hasText: FILE_VIDEO })).toContainText("12:34");

    await chips(page).filter({ hasText: "Entrepreneur & Above" }).click();
    await expectTitles(videos, [VIDEOS.entrepreneur]);
    await chips(page).filter({ hasText: "All Videos" }).click();

    // Search matches the description too, whatever the case.
    await page.getByPlaceholder("Search videos...").fill(DESCRIPTION_ONLY_WORD.toUpperCase());
    await expectTitles(videos, [VIDEOS.entrepreneur]);
    await page.getByPlaceholder("Search videos...").fill(`${TAG} nothing like this`);
    await expect(page.getByRole("heading", { name: "No videos found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filters.")).toBeVisible();

    await page.getByPlaceholder("Search videos...").fill(TAG);
    await videos.getByRole("button", { name: `Play video: ${VIDEOS.entrepreneur}` }).click();
    const dialog = page.getByRole("dialog", { name: VIDEOS.entrepreneur });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: `Play video: ${VIDEOS.entrepreneur}` }).click();
    await expect(dialog.locator("iframe")).toHaveAttribute("src", new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${YOUTUBE_IDS.entrepreneur}\\?`));
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);

    await videos.getByRole("button", { name: `Play video: ${FILE_VIDEO}` }).click();
    const player = page.getByRole("dialog", { name: FILE_VIDEO }).getByTestId("video-file-player");
    await expect(player).toHaveAttribute("src", /^\/api\/videos\/\d+\/stream\?/);
    await expect(player).toHaveAttribute("controls", "");
  });

  test("a Brand CEO: every session, resource and video, with a chip per level; the pages pass axe", async ({ page }) => {
    await memberOfTier(page, "brand-ceo");

    const { upcoming, past } = await openSessions(page);
    await expectTitles(upcoming, [SESSIONS.all, SESSIONS.inventor, SESSIONS.entrepreneur, SESSIONS["brand-ceo"]]);
    await expect(page.getByTestId(`session-${sessionIds["brand-ceo"]}`)).toContainText("Brand CEO Only");
    await expectTitles(past, [SESSIONS.past]);
    await expectNoSeriousAxeViolations(page);

    await openResources(page);
    await expect(page.locator("[data-testid='resource-card'][data-locked='true']").filter({ hasText: TAG })).toHaveCount(0);
    await expect(resourceCard(page, RESOURCES["brand-ceo"]).getByRole("link", { name: /^Download/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const videos = await openTraining(page);
    await expectTitles(videos, [VIDEOS.all, VIDEOS.inventor, VIDEOS.entrepreneur, VIDEOS["brand-ceo"], FILE_VIDEO]);
    await expect(chips(page)).toHaveText(["All Videos", "Inventor & Above", "Entrepreneur & Above", "Brand CEO Only"]);
    await chips(page).filter({ hasText: "Brand CEO Only" }).click();
    await expectTitles(videos, [VIDEOS["brand-ceo"]]);
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe("when content cannot be loaded", () => {
  test("resources fall back to the sample list and videos empty with the spec's messages", async ({ page }) => {
    await memberOfTier(page, "inventor");
    await page.route("**/api/resources?*", (route) => route.fulfill({ status: 503, json: { error: { code: "UNAVAILABLE", message: "Database unavailable" } } }));
    await page.route("**/api/videos", (route) => route.fulfill({ status: 503, json: { error: { code: "UNAVAILABLE", message: "Database unavailable" } } }));

    await page.goto("/members/resources");
    await expect(page.getByRole("alert")).toHaveText("Failed to load resources. Please try again later.");
    const samples = page.getByTestId("resource-card");
    await expect(samples).toHaveCount(4);
    await expect(samples.getByRole("link", { name: /^Download/ })).toHaveCount(0);
    await expect(samples.first()).toContainText("Downloads are unavailable until the library loads again.");
    await page.getByRole("button", { name: "Funding & Investment" }).click();
    await expect(page.getByRole("heading", { name: "No resources found in this category." })).toBeVisible();

    await page.goto("/members/training");
    await expect(page.getByRole("alert")).toHaveText("Failed to load videos. Please try again later.", { timeout: 20_000 });
    await expect(page.getByTestId("video-card")).toHaveCount(0);

    await page.unroute("**/api/videos");
    await page.route("**/api/videos", (route) => route.fulfill({ json: { videos: [], visibleLevels: ["all", "inventor"] } }));
    await page.reload();
    await expect(page.getByRole("heading", { name: "No videos found" })).toBeVisible();
    await expect(page.getByText("Videos will appear here once they are added.")).toBeVisible();
  });
});
