import { expect, test, type APIRequestContext } from "@playwright/test";
import { newAccount, signUpThroughApi } from "./support/accounts";
import { newAdminApi, setMemberTier } from "./support/admin-api";

/*
 * One search from the members' shell: an Inventor types a word into the sidebar's search box and
 * gets one list of posts, videos and resources, the matched word marked, a resource above the plan
 * locked with the plan that opens it, and a member's markup shown as text. Every item carries the
 * run's made-up word, so content of other journeys never counts.
 */

const WORD = `gizmo${Date.now().toString(36)}`;
const SCREENSHOTS = process.env.SEARCH_SCREENSHOTS_DIR;

let adminApi: APIRequestContext;

async function create(path: string, data: object): Promise<void> {
  const response = await adminApi.post(path, { data });
  expect(response.status(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(201);
}

test.beforeAll(async () => {
  adminApi = await newAdminApi();
  await create("/api/admin/community/posts", { content: `Who makes ${WORD} housings in small runs? <img src=x onerror="window.injected=1"> asking for a friend`, accessLevel: "all" });
  await create("/api/admin/videos", {
    source: "youtube",
    title: `${WORD} teardown`,
    description: "How the parts fit together.",
    category: "manufacturing",
    accessLevel: "inventor",
    youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  });
  await create("/api/admin/resources", {
    title: `${WORD} factory audit guide`,
    description: "What to check on a factory visit.",
    type: "PDF",
    category: "manufacturing",
    tier: "entrepreneur",
    fileUrl: "https://files.example.com/audit-guide.pdf",
  });
  await create("/api/admin/videos", {
    source: "youtube",
    title: `${WORD} for brand owners`,
    description: "Above an Inventor's plan: not listed for them.",
    category: "scaling",
    accessLevel: "brand-ceo",
    youtubeUrl: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
  });
});
test.afterAll(() => adminApi.dispose());

test("an Inventor searches from the sidebar and sees one ranked list, locked items with their plan, matches marked", async ({ page }) => {
  const account = newAccount("searcher");
  await signUpThroughApi(page.request, account);
  await setMemberTier(adminApi, account.email, "inventor");
  await page.goto("/members");

  const box = page.getByRole("searchbox", { name: "Search" });
  await box.fill(WORD.slice(0, 8));
  await box.press("Enter");
  await expect(page).toHaveURL(`/members/search?q=${WORD.slice(0, 8)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();

  const results = page.getByTestId("search-result");
  await expect(results).toHaveCount(3);
  await expect(page.getByText(`3 results for “${WORD.slice(0, 8)}”`)).toBeVisible();
  await expect(results.filter({ hasText: "for brand owners" })).toHaveCount(0);

  const video = results.filter({ hasText: "Training video" });
  await expect(video.locator("mark")).toHaveText(WORD);
  await expect(video.getByRole("link", { name: "Open training videos" })).toHaveAttribute("href", "/members/training");

  const resource = results.filter({ hasText: "Resource" });
  await expect(resource).toHaveAttribute("data-locked", "true");
  await expect(resource.getByText("Requires Entrepreneur")).toBeVisible();
  await expect(resource.getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/checkout/entrepreneur");
  await expect(resource.locator("a[href*='files.example.com']")).toHaveCount(0);

  const post = results.filter({ hasText: "Community post" });
  await expect(post).toContainText('<img src=x onerror="window.injected=1">');
  await expect(post.locator("img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();

  if (SCREENSHOTS) {
    await page.screenshot({ path: `${SCREENSHOTS}/search-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/search-390.png`, fullPage: true });
  }
});

test("the results page says when nothing matches, and offers a retry when the search fails", async ({ page }) => {
  await signUpThroughApi(page.request, newAccount("searcher"));
  await page.goto(`/members/search?q=${WORD}zzz`);
  await expect(page.getByRole("heading", { name: `Nothing matches “${WORD}zzz”` })).toBeVisible();

  let failing = true;
  await page.route("**/api/search?*", (route) => (failing ? route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "x" } } }) : route.fallback()));
  const box = page.getByRole("searchbox", { name: "Search" });
  await box.fill(WORD);
  await box.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("We could not search just now. Please try again in a moment.");
  failing = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("search-result")).toHaveCount(2);
});
