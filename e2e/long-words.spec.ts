import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { AdminCourse } from "../common/contracts/courses";
import { newAccount, signInThroughApi, signUpThroughApi } from "./support/accounts";
import { newAdminApi, setMemberTier } from "./support/admin-api";
import { E2E_ADMIN, E2E_BASE_URL } from "./support/environment";

/*
 * Issue 20, "Phone": a title, post, reply or name that is one long unbroken word (a pasted address)
 * wraps on a 390 px screen instead of widening the page or being cut off, on every page that shows it.
 */

/** `length` characters without a single break opportunity, unique to this run. */
function unbrokenWord(prefix: string, length: number): string {
  const start = `${prefix}${Date.now().toString(36)}`;
  return start + "abcdefghijklmnopqrstuvwxyz0123456789".repeat(10).slice(0, length - start.length);
}

/**
 * Today in New York, the programme's calendar: the dashboard lists the three soonest upcoming
 * sessions, and other journeys of the same run add theirs from tomorrow on.
 */
const programmeToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
const PHONE = { width: 390, height: 844 };

/**
 * The page does not scroll sideways, and every text that holds `word` (there must be one) ends inside
 * the screen and inside any box that clips it.
 */
async function expectWrapped(page: Page, word: string, where: string): Promise<void> {
  await expect(page.getByText(word).filter({ visible: true }).first(), `${where} shows the word`).toBeVisible();
  const layout = await page.evaluate((needle) => {
    const clipped: string[] = [];
    let found = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(needle) || !node.parentElement || node.parentElement.closest("[hidden], [aria-hidden='true'], .sr-only")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width === 0) continue;
      found += 1;
      const limits = [window.innerWidth];
      for (let box: Element | null = node.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== "visible") limits.push(box.getBoundingClientRect().right);
      }
      if (text.right > Math.min(...limits) + 1) clipped.push(`<${node.parentElement.tagName.toLowerCase()} class="${node.parentElement.className}"> ends at ${Math.round(text.right)} px`);
    }
    return { found, clipped, pageWidth: document.documentElement.scrollWidth, screenWidth: window.innerWidth };
  }, word);
  expect(layout.found, `${where}: the word is laid out`).toBeGreaterThan(0);
  expect.soft(layout.pageWidth, `${where}: the page is no wider than the screen`).toBeLessThanOrEqual(layout.screenWidth);
  expect.soft(layout.clipped, `${where}: texts cut off`).toEqual([]);
}

async function created(response: Promise<{ status(): number }>): Promise<void> {
  expect((await response).status()).toBe(201);
}

test.describe("long unbroken words on a phone", () => {
  test.use({ viewport: PHONE });

  let adminApi: APIRequestContext;
  test.beforeAll(async () => {
    adminApi = await newAdminApi();
  });
  test.afterAll(async () => {
    await adminApi.dispose();
  });

  test("titles, posts, replies and names wrap on Content Management and the members pages", async ({ page, browser }) => {
    const session = unbrokenWord("Session", 200);
    const pastSession = unbrokenWord("PastSession", 200);
    const resource = unbrokenWord("Resource", 200);
    const video = unbrokenWord("Video", 200);
    const post = unbrokenWord("Post", 300);
    const reply = unbrokenWord("Reply", 300);
    const member = { ...newAccount("longname"), name: unbrokenWord("Name", 120) };

    await created(adminApi.post("/api/admin/sessions", { data: { title: session, date: programmeToday(), time: "11:59 PM ET", location: "Video call", description: session, tier: "all" } }));
    await created(adminApi.post("/api/admin/sessions", { data: { title: pastSession, date: "2025-04-01", time: "10:00 AM ET", location: "Video call", description: "Over.", tier: "all", isPast: true } }));
    await created(adminApi.post("/api/admin/resources", { data: { title: resource, description: resource, type: "PDF", category: "general", tier: "all", featured: false, fileUrl: "https://files.example.com/a.pdf" } }));
    await created(adminApi.post("/api/admin/videos", { data: { source: "youtube", title: video, description: video, category: "general", accessLevel: "all", featured: false, youtubeUrl: "https://youtu.be/dQw4w9WgXcQ" } }));

    // A Brand CEO member with a long name posts and replies.
    const memberContext = await browser.newContext({ viewport: PHONE });
    await memberContext.route(/^https:\/\/(img\.youtube\.com|www\.youtube(-nocookie)?\.com)\//, (route) => route.abort());
    const memberPage = await memberContext.newPage();
    await signUpThroughApi(memberPage.request, member);
    await setMemberTier(adminApi, member.email, "brand-ceo");
    const postResponse = await memberPage.request.post("/api/community/posts", { data: { content: post, category: "general" }, headers: { Origin: E2E_BASE_URL } });
    expect(postResponse.status()).toBe(201);
    const { id: postId } = (await postResponse.json()) as { id: number };
    await created(memberPage.request.post(`/api/community/posts/${postId}/replies`, { data: { content: reply }, headers: { Origin: E2E_BASE_URL } }));

    for (const [path, words] of [
      ["/members", [member.name, session]],
      ["/members/mastermind", [session]],
      ["/members/resources", [resource]],
      ["/members/training", [video]],
      ["/members/community", [post, reply, member.name]],
    ] as const) {
      await memberPage.goto(path);
      for (const word of words) await expectWrapped(memberPage, word, path);
    }
    await memberPage.goto("/members/training");
    await memberPage.getByRole("button", { name: `Play video: ${video}`, exact: true }).click();
    await expectWrapped(memberPage, video, "the video player");
    await memberContext.close();

    await page.context().route(/^https:\/\/img\.youtube\.com\//, (route) => route.abort());
    await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin/content");
    const tabs: [string, string[], string][] = [
      ["Mastermind Sessions", [session, pastSession], session],
      ["Community Discussions", [post, member.name], post],
      ["Resource Library", [resource], resource],
      ["Training Videos", [video], video],
    ];
    await page.goto("/admin/users");
    await expectWrapped(page, member.name, "User Management");
    await page.goto("/admin/content");
    for (const [tab, words, edited] of tabs) {
      await page.getByRole("tab", { name: tab }).click();
      for (const word of words) await expectWrapped(page, word, `Content Management → ${tab}`);
      // The editor names what it edits.
      if (tab !== "Community Discussions") {
        await page.getByRole("button", { name: `Edit ${edited}`, exact: true }).click();
        await expectWrapped(page, edited, `Content Management → ${tab}, editing`);
        await page.getByRole("button", { name: "Cancel", exact: true }).click();
      }
    }
  });
  test("session, module and lesson titles wrap on the public Masterminds page, the course and lesson pages and the course builder", async ({ page, browser }) => {
    const session = unbrokenWord("PublicSession", 140);
    const moduleTitle = unbrokenWord("Module", 160);
    const lessonTitle = unbrokenWord("Lesson", 160);
    const courseId = "funding-your-product";
    await created(adminApi.post("/api/admin/sessions", { data: { title: session, date: "2099-01-15", time: "10:00 AM ET", location: "Video call", description: session, tier: "all" } }));
    const withModule = await adminApi.post(`/api/admin/courses/${courseId}/modules`, { data: { title: moduleTitle } });
    expect(withModule.status()).toBe(201);
    const moduleId = ((await withModule.json()) as AdminCourse).modules.find((entry) => entry.title === moduleTitle)?.id;
    if (!moduleId) throw new Error("module not created");
    try {
      const withLesson = await adminApi.post(`/api/admin/course-modules/${moduleId}/lessons`, { data: { title: lessonTitle, kind: "text", body: "A lesson with a long title.", minutes: 5 } });
      expect(withLesson.status()).toBe(201);
      const lessonId = ((await withLesson.json()) as AdminCourse).modules.find((entry) => entry.id === moduleId)?.lessons[0]?.id;

      const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
      await visitor.goto("/mastermind");
      await expectWrapped(visitor, session, "the public Masterminds page, a visitor");
      await visitor.context().close();

      await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
      for (const [path, words] of [
        ["/mastermind", [session]],
        ["/members/mastermind", [session]],
        [`/university/course/${courseId}`, [moduleTitle, lessonTitle]],
        [`/university/course/${courseId}/lesson/${lessonId}`, [moduleTitle, lessonTitle]],
      ] as const) {
        await page.goto(path);
        for (const word of words) await expectWrapped(page, word, path);
      }
      await page.goto("/admin/content");
      await page.getByRole("tab", { name: "Courses" }).click();
      await page.getByLabel("Course", { exact: true }).selectOption(courseId);
      for (const word of [moduleTitle, lessonTitle]) await expectWrapped(page, word, "Content Management → Courses");
    } finally {
      expect((await adminApi.delete(`/api/admin/course-modules/${moduleId}`)).status()).toBe(200);
    }
  });
});
