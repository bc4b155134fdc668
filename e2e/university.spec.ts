import { expect, test, type Page } from "@playwright/test";
import type { CourseOutline, CourseOutlineResponse, UniversityAccessResponse } from "../common/contracts/marketing";
import { COURSES, findCourse } from "../common/marketing/courses";
import { COURSE_OUTLINES } from "../server/features/university/course-outlines";
import { newAccount, signInThroughApi, signUpThroughApi } from "./support/accounts";
import { E2E_ADMIN } from "./support/environment";

const INVENTOR_COURSE = "patents-and-protection";
const PREMIUM_COURSE = "amazon-launch-playbook";

function courseCards(page: Page) {
  return page.locator("[data-testid^='course-']");
}

/** A course's outline as the server answers it to a member who has not started it (the seeded modules and lessons). */
function outlineOf(courseId: string): CourseOutline {
  const modules = (COURSE_OUTLINES[courseId] ?? []).map((module, m) => ({
    id: m + 1,
    title: module.title,
    lessons: module.lessons.map((lesson, l) => ({ id: (m + 1) * 100 + l, title: lesson.title, kind: "text" as const, minutes: lesson.minutes, completed: false })),
  }));
  return { courseId, modules, progress: { courseId, completed: 0, total: modules.reduce((sum, module) => sum + module.lessons.length, 0) } };
}

/**
 * Answers the University endpoints as the server does for a member of `tier`. The server can't yet
 * raise a test account to inventor or entrepreneur (no admin endpoint for tiers), so these journeys
 * check the page against the server's answers; anonymous, free and admin run against the real server.
 */
async function answerAsTier(page: Page, tier: "inventor" | "entrepreneur") {
  const opened = tier === "inventor" ? ["inventor"] : ["inventor", "entrepreneur"];
  const unlocked = COURSES.filter((course) => opened.includes(course.accessLevel)).map((course) => course.id);
  const access: UniversityAccessResponse = { access: tier === "inventor" ? "limited" : "full", unlockedCourseIds: unlocked };
  await page.route("**/api/university/access", (route) => route.fulfill({ json: access }));
  await page.route("**/api/university/courses/*/outline", (route) => {
    const id = decodeURIComponent(new URL(route.request().url()).pathname.split("/")[4] ?? "");
    const course = findCourse(id);
    if (!course) return route.fulfill({ status: 404, json: { error: { code: "NOT_FOUND", message: "Course not found" } } });
    const body: CourseOutlineResponse = unlocked.includes(id)
      ? { locked: false, outline: outlineOf(id) }
      : { locked: true, requiredTier: course.accessLevel, signedIn: true };
    return route.fulfill({ status: body.locked ? 403 : 200, json: body });
  });
}

test.describe("University", () => {
  test("an anonymous visitor sees the counts, the starter courses and the premium teaser, all locked, and an upgrade prompt", async ({ page }) => {
    await page.goto("/university");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("University");
    const notice = page.getByTestId("university-access");
    await expect(notice).toHaveAttribute("data-access", "none");
    await expect(notice.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");

    await expect(page.getByTestId("university-stats-limited")).toContainText("Courses2");
    await expect(page.getByTestId("university-stats-limited")).toContainText("Locked");
    await expect(page.getByTestId("university-stats-limited")).toContainText("10+");
    await expect(page.getByTestId("university-stats-full")).toContainText("Courses8");
    await expect(page.getByTestId("university-stats-full")).toContainText("100+");

    await expect(courseCards(page)).toHaveCount(5);
    await expect(page.locator("[data-lock='locked']")).toHaveCount(5);
    await expect(page.getByRole("region", { name: "Premium courses" }).locator("[data-testid^='course-']")).toHaveCount(3);
    await expect(page.getByRole("link", { name: COURSES[0]?.title ?? "" })).toHaveAttribute("href", `/university/course/${COURSES[0]?.id}`);
  });

  test("a locked course page shows its catalogue entry and the plan it needs; Upgrade asks a visitor to log in", async ({ page }) => {
    const course = findCourse(PREMIUM_COURSE);
    await page.goto(`/university/course/${PREMIUM_COURSE}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(course?.title ?? "");
    await expect(page).toHaveTitle(`${course?.title} | University`);
    await expect(page.getByText(course?.instructor ?? "")).toBeVisible();
    const locked = page.getByTestId("course-locked");
    await expect(locked).toContainText("Requires Entrepreneur");
    await expect(page.getByTestId("course-outline")).toHaveCount(0);
    await locked.getByRole("button", { name: "Upgrade" }).click();
    await expect(page.getByRole("dialog", { name: "Log in to your account" })).toBeVisible();
  });

  test("an unknown course shows a real not-found state", async ({ page }) => {
    await page.goto("/university/course/no-such-course");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Course not found");
    await page.getByRole("link", { name: "Browse all courses" }).click();
    await expect(page).toHaveURL("/university");
  });

  test("a free member gets the upgrade prompt and Upgrade goes to checkout", async ({ page }) => {
    await signUpThroughApi(page.request, newAccount("free-student"));
    await page.goto("/university");
    await expect(page.getByTestId("university-access")).toHaveAttribute("data-access", "none");
    await expect(page.locator("[data-lock='locked']")).toHaveCount(5);
    await page.goto(`/university/course/${INVENTOR_COURSE}`);
    await expect(page.getByTestId("course-locked").getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/checkout/inventor");
  });

  test("an inventor sees only the inventor courses open, the teaser locked and an upgrade to Entrepreneur", async ({ page }) => {
    await signUpThroughApi(page.request, newAccount("inventor-student"));
    await answerAsTier(page, "inventor");
    await page.goto("/university");
    const notice = page.getByTestId("university-access");
    await expect(notice).toHaveAttribute("data-access", "limited");
    await expect(notice.getByRole("link", { name: "Upgrade to Entrepreneur" })).toHaveAttribute("href", "/checkout/entrepreneur");
    await expect(page.getByTestId("university-stats-limited")).toContainText("Your plan");
    await expect(page.locator("[data-lock='unlocked']")).toHaveCount(2);
    await expect(page.locator("[data-lock='locked']")).toHaveCount(3);

    await page.goto(`/university/course/${INVENTOR_COURSE}`);
    await expect(page.getByTestId("course-outline").locator(":scope > li")).toHaveCount(findCourse(INVENTOR_COURSE)?.modules ?? -1);
    await page.goto(`/university/course/${PREMIUM_COURSE}`);
    await expect(page.getByTestId("course-locked").getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/checkout/entrepreneur");
  });

  test("an entrepreneur has full access to every course", async ({ page }) => {
    await signUpThroughApi(page.request, newAccount("entrepreneur-student"));
    await answerAsTier(page, "entrepreneur");
    await page.goto("/university");
    await expect(page.getByTestId("university-access")).toHaveAttribute("data-access", "full");
    await expect(page.locator("[data-lock='unlocked']")).toHaveCount(COURSES.length);
    await expect(page.locator("[data-lock='locked']")).toHaveCount(0);
    await page.goto(`/university/course/${PREMIUM_COURSE}`);
    await expect(page.getByTestId("course-outline").locator(":scope > li")).toHaveCount(findCourse(PREMIUM_COURSE)?.modules ?? -1);
  });

  test("an admin (Brand CEO) opens every course and its outline from the real server", async ({ page }) => {
    await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/university");
    await expect(page.getByTestId("university-access")).toHaveAttribute("data-access", "full");
    await expect(page.locator("[data-lock='unlocked']")).toHaveCount(COURSES.length);
    await page.getByRole("link", { name: findCourse(PREMIUM_COURSE)?.title ?? "" }).click();
    await expect(page).toHaveURL(`/university/course/${PREMIUM_COURSE}`);
    const outline = page.getByTestId("course-outline");
    await expect(outline.locator(":scope > li")).toHaveCount(findCourse(PREMIUM_COURSE)?.modules ?? -1);
    await expect(outline).toContainText(COURSE_OUTLINES[PREMIUM_COURSE]?.[0]?.lessons[0]?.title ?? "");
  });
});
