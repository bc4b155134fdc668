import { expect, test, type Page } from "@playwright/test";
import { coursePublicPage } from "../common/marketing/course-pages";
import type { CourseOutlineResponse } from "../common/contracts/marketing";
import { COURSES, findCourse } from "../common/marketing/courses";
import { PUBLIC_PAGES } from "../common/marketing/public-pages";
import { COURSE_OUTLINES } from "../server/features/university/course-outlines";
import { newAccount, signUpThroughApi } from "./support/accounts";
import { newAdminApi, setMemberTier } from "./support/admin-api";
import { E2E_BASE_URL } from "./support/environment";
import { stubThirdPartyEmbeds } from "./support/third-party";

const [firstCourse] = COURSES;
if (!firstCourse) throw new Error("no course to open");
const PAGES = [...PUBLIC_PAGES, coursePublicPage(firstCourse)];

/** What React reports when the HTML it hydrates is not what its first render makes (then it throws the HTML away). */
function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  const keep = (text: string) => {
    if (/hydrat|Minified React error #4(18|19|21|23|25)/i.test(text)) errors.push(text);
  };
  page.on("console", (message) => {
    if (message.type() === "error") keep(message.text());
  });
  page.on("pageerror", (error) => keep(`${error.message}\n${error.stack ?? ""}`));
  return errors;
}

/**
 * Keeps the server's headings and paragraphs as the page's scripts start: React hydrating a page adopts
 * them, while a page it renders anew (a hydration error, or an update reaching a lazy section that is
 * still waiting for its chunk) replaces them, which the visitor sees as the text going blank and back.
 */
async function keepServerText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      Object.assign(window, { serverText: [...document.querySelectorAll("#root :is(h1, h2, h3, p)")] });
    });
  });
}

/** The server's headings and paragraphs the app replaced instead of adopting, by tag and text. */
async function replacedServerText(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => {
    const kept = (window as unknown as { serverText?: Element[] }).serverText;
    if (!kept?.length) throw new Error("the page held no server text when its scripts started");
    return kept.filter((element) => !element.isConnected).map((element) => `${element.tagName}: ${element.textContent?.slice(0, 60) ?? ""}`);
  });
}

/** The page's heading and text as the HTML carries them, before (or without) any script. */
async function mainText(page: Page): Promise<{ heading: string; text: string }> {
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveCount(1);
  return { heading: (await heading.innerText()).trim(), text: (await page.locator("main").innerText()).trim() };
}

/**
 * The page as the server rendered it. A busy server sends the unrendered app when a render takes
 * longer than its limit (the browser then renders it) and renders it again for the next visitor, so
 * the page is asked for until a rendered copy comes.
 */
async function gotoRendered(page: Page, path: string): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1, { timeout: 1000 });
  }).toPass();
}

for (const entry of PAGES) {
  test(`${entry.path} arrives with its text, then runs as the app without React discarding it`, async ({ browser }) => {
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const withScripts = await browser.newContext();
    await stubThirdPartyEmbeds(withScripts);
    const plain = await withoutScripts.newPage();
    const app = await withScripts.newPage();
    const hydrationErrors = collectHydrationErrors(app);
    await keepServerText(app);

    await gotoRendered(plain, entry.path);
    const served = await mainText(plain);
    expect(served.heading).not.toBe("");
    expect(served.text.length, `${entry.path} carries its text`).toBeGreaterThan(150);
    // Signed out: the header offers the sign-in buttons in the HTML itself, and the footer is there.
    await expect(plain.getByRole("banner").getByRole("button", { name: "Log in" })).toBeVisible();
    await expect(plain.getByRole("contentinfo")).toBeVisible();

    // The app reads the session again once it runs (the session refresh), which shows it hydrated.
    const sessionRead = app.waitForResponse((response) => new URL(response.url()).pathname === "/api/me");
    await app.goto(entry.path);
    await sessionRead;
    await expect(app.getByRole("heading", { level: 1 })).toHaveText(served.heading);
    expect(hydrationErrors).toEqual([]);
    expect(await replacedServerText(app), "headings and paragraphs React replaced instead of adopting").toEqual([]);
    await withoutScripts.close();
    await withScripts.close();
  });
}

test("a hydrated public page's buttons work", async ({ page }) => {
  const hydrationErrors = collectHydrationErrors(page);
  const sessionRead = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/me");
  await page.goto("/about");
  await sessionRead;
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("dialog", { name: "Log in to your account" })).toBeVisible();
  expect(hydrationErrors).toEqual([]);
});

test("a signed-in member's page is rendered for them, and never handed to the next visitor", async ({ browser }) => {
  const member = await browser.newContext({ javaScriptEnabled: false });
  await signUpThroughApi(member.request, newAccount("prerender"));
  const memberPage = await member.newPage();
  await gotoRendered(memberPage, "/about");
  const header = memberPage.getByRole("banner");
  await expect(header.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Log in" })).toHaveCount(0);

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const visitorPage = await visitor.newPage();
  await gotoRendered(visitorPage, "/about");
  await expect(visitorPage.getByRole("banner").getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(visitorPage.getByRole("banner").getByRole("button", { name: "Log out" })).toHaveCount(0);
  await visitor.close();

  // With scripts, the member's page hydrates as it was rendered, and Log out works.
  const memberWithScripts = await browser.newContext({ storageState: await member.storageState() });
  await member.close();
  await stubThirdPartyEmbeds(memberWithScripts);
  const page = await memberWithScripts.newPage();
  const hydrationErrors = collectHydrationErrors(page);
  const sessionRead = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/me");
  await page.goto("/about");
  await sessionRead;
  await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Log in" })).toBeVisible();
  expect(hydrationErrors).toEqual([]);
  await memberWithScripts.close();
});

test("the University arrives with the visitor's access and a course's outline with the member's progress in its HTML", async ({ browser }) => {
  const starter = "patents-and-protection";
  const premium = "amazon-launch-playbook";
  const starterOutline = COURSE_OUTLINES[starter] ?? [];
  const lessonCount = starterOutline.reduce((sum, module) => sum + module.lessons.length, 0);

  // A visitor: every course locked, the premium page names the plan it needs, no outline anywhere.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const visitorPage = await visitor.newPage();
  await gotoRendered(visitorPage, "/university");
  await expect(visitorPage.getByTestId("university-access")).toHaveAttribute("data-access", "none");
  await expect(visitorPage.locator("[data-lock='locked']")).toHaveCount(5);
  await gotoRendered(visitorPage, `/university/course/${starter}`);
  await expect(visitorPage.getByTestId("course-locked")).toContainText("Requires Inventor");
  await expect(visitorPage.getByTestId("course-outline")).toHaveCount(0);
  await visitor.close();

  // An Inventor who finished one lesson: the starter outline with that mark, the premium course locked.
  const account = newAccount("prerender-inventor");
  const member = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  await signUpThroughApi(member.request, account);
  const adminApi = await newAdminApi();
  await setMemberTier(adminApi, account.email, "inventor");
  await adminApi.dispose();
  const answer = (await (await member.request.get(`/api/university/courses/${starter}/outline`)).json()) as CourseOutlineResponse;
  if (answer.locked) throw new Error("an Inventor's starter course is locked");
  const firstLesson = answer.outline.modules[0]?.lessons[0];
  if (!firstLesson) throw new Error("the starter course has no lesson");
  expect((await member.request.put(`/api/university/lessons/${firstLesson.id}/progress`, { data: { completed: true } })).ok()).toBe(true);

  const memberPage = await member.newPage();
  await gotoRendered(memberPage, "/university");
  await expect(memberPage.getByTestId("university-access")).toHaveAttribute("data-access", "limited");
  await expect(memberPage.locator("[data-lock='unlocked']")).toHaveCount(2);
  await gotoRendered(memberPage, `/university/course/${starter}`);
  const outline = memberPage.getByTestId("course-outline");
  await expect(outline.locator(":scope > li")).toHaveCount(findCourse(starter)?.modules ?? -1);
  await expect(outline).toContainText(starterOutline[0]?.lessons[1]?.title ?? "a second lesson");
  await expect(outline.locator("[data-completed='true']")).toHaveText(new RegExp(firstLesson.title));
  await expect(memberPage.getByText(`1 of ${lessonCount} lessons done`)).toBeVisible();
  await expect(memberPage.getByText("Loading the course outline")).toHaveCount(0);
  await gotoRendered(memberPage, `/university/course/${premium}`);
  await expect(memberPage.getByTestId("course-locked")).toContainText("Requires Entrepreneur");

  // With scripts, the member's course page hydrates as it was rendered.
  const withScripts = await browser.newContext({ storageState: await member.storageState() });
  await member.close();
  const page = await withScripts.newPage();
  const hydrationErrors = collectHydrationErrors(page);
  const sessionRead = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/me");
  await page.goto(`/university/course/${starter}`);
  await sessionRead;
  await expect(page.getByText(`1 of ${lessonCount} lessons done`)).toBeVisible();
  await page.getByTestId("course-outline").getByRole("link", { name: new RegExp(starterOutline[0]?.lessons[1]?.title ?? "") }).click();
  await expect(page.getByTestId("lesson").getByRole("heading", { level: 1 })).toHaveText(starterOutline[0]?.lessons[1]?.title ?? "");
  expect(hydrationErrors).toEqual([]);
  await withScripts.close();
});

test("a public page paints styled from its HTML alone, without a stylesheet request", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const stylesheetRequests: string[] = [];
  await context.route("**/*.css", (route) => {
    stylesheetRequests.push(route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  await gotoRendered(page, "/about");
  // The banner's white heading on navy: both come from the app's stylesheet.
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("color", "rgb(255, 255, 255)");
  expect(stylesheetRequests).toEqual([]);
  await context.close();
});

test("public pages at phone width before any script runs", async ({ browser }, testInfo) => {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 844 } });
    const page = await context.newPage();
    for (const path of ["/", "/university"]) {
      await gotoRendered(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`prerendered${path.replaceAll("/", "-") || "-home"}-${width}.png`) });
    }
    await context.close();
  }
});

test("a button clicked before the app's script has loaded does its work once the script runs", async ({ page }) => {
  const hydrationErrors = collectHydrationErrors(page);
  const refusedByPolicy: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) refusedByPolicy.push(message.text());
  });
  // A rendered copy is waiting for this visitor, so the page arrives with its buttons.
  await expect(async () => expect(await (await page.request.get("/about")).text()).toContain('id="page-state"')).toPass();
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });

  await page.goto("/about", { waitUntil: "commit" });
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in to your account" });
  await expect(dialog).toHaveCount(0);
  releaseScripts();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeEditable();
  expect(hydrationErrors).toEqual([]);
  expect(refusedByPolicy).toEqual([]);
});

test("a button clicked while the page's own code is still loading does its work once it arrives", async ({ page }) => {
  const hydrationErrors = collectHydrationErrors(page);
  await expect(async () => expect(await (await page.request.get("/brands")).text()).toContain('id="page-state"')).toPass();
  let releasePageChunk = () => {};
  const pageChunkHeld = new Promise<void>((resolve) => (releasePageChunk = resolve));
  await page.route(/\/assets\/brands-page-[^/]+\.js$/, async (route) => {
    await pageChunkHeld;
    await route.continue();
  });
  const pageChunkAsked = page.waitForRequest(/\/assets\/brands-page-[^/]+\.js$/);
  // The session is read once the app's root has hydrated: the header and layout work, while the
  // filter below them waits for its chunk.
  const sessionRead = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/me");
  await page.goto("/brands", { waitUntil: "commit" });
  await Promise.all([pageChunkAsked, sessionRead]);

  await page.getByRole("group", { name: "Filter brands by category" }).getByRole("button", { name: "Pet Supplies" }).click();
  await expect(page).toHaveURL("/brands");
  releasePageChunk();
  await expect(page).toHaveURL("/brands?category=pet-supplies");
  await expect(page.getByTestId("brand-count")).toHaveText("Showing 2 of 16 brands in Pet Supplies");
  expect(hydrationErrors).toEqual([]);
});
