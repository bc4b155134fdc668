import { expect, test } from "@playwright/test";
import { findCourse } from "../common/marketing/courses";
import { newAccount, signInThroughApi, signUpThroughApi } from "./support/accounts";
import { newAdminApi, setMemberTier } from "./support/admin-api";
import { E2E_ADMIN } from "./support/environment";

/*
 * Taking a lesson: an Inventor opens a starter course from the University, reads its first lesson,
 * marks it done, moves on, and sees the progress on the lesson, the course page and the dashboard.
 * Courses above the plan stay locked. Progress is per member, so other journeys never interfere.
 */

const COURSE = "validate-your-invention";
const PREMIUM = "prototyping-and-design";
/** The course the builder journey edits (and restores), apart from the one the lesson journey counts. */
const BUILT = "scaling-your-brand";
const SCREENSHOTS = process.env.COURSES_SCREENSHOTS_DIR;

test("an Inventor takes a lesson, marks it done and sees the progress on the course and the dashboard", async ({ page }) => {
  const course = findCourse(COURSE);
  if (!course) throw new Error("course missing");
  const account = newAccount("learner");
  await signUpThroughApi(page.request, account);
  const adminApi = await newAdminApi();
  await setMemberTier(adminApi, account.email, "inventor");
  await adminApi.dispose();

  await page.goto(`/university/course/${COURSE}`);
  const outline = page.getByTestId("course-outline");
  await expect(page.getByText("0 of 15 lessons done")).toBeVisible();
  await outline.getByRole("link", { name: /Why most inventions fail before the prototype/ }).click();

  await expect(page).toHaveURL(new RegExp(`/university/course/${COURSE}/lesson/\\d+$`));
  const lesson = page.getByTestId("lesson");
  await expect(lesson.getByRole("heading", { level: 1 })).toHaveText("Why most inventions fail before the prototype");
  await expect(lesson).toContainText("Start with the problem, not the product");
  await lesson.getByRole("button", { name: "Mark as done" }).click();
  await expect(lesson.getByRole("button", { name: "Done" })).toHaveAttribute("aria-pressed", "true");
  await expect(lesson.getByText("1 of 15 lessons done")).toBeVisible();
  await expect(lesson.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "7");
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/lesson-1280.png`, fullPage: true });

  await lesson.getByRole("link", { name: "Next lesson" }).click();
  await expect(page.getByTestId("lesson").getByRole("heading", { level: 1 })).toHaveText("Writing the problem statement in one sentence");
  await expect(page.getByTestId("lesson").getByRole("button", { name: "Mark as done" })).toBeVisible();

  await page.getByRole("link", { name: course.title }).click();
  await expect(page.getByText("1 of 15 lessons done")).toBeVisible();
  await expect(outline.locator("a[data-completed='true']")).toHaveText([/Why most inventions fail/]);
  if (SCREENSHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/course-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  await page.goto("/members");
  const dashboard = page.getByTestId("your-courses");
  await expect(dashboard.getByRole("link", { name: course.title })).toBeVisible();
  await expect(dashboard.getByText("1 of 15 lessons done")).toBeVisible();
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-1280.png`, fullPage: true });

  // A course above the Inventor plan stays locked, and its builder is the admins' alone.
  await page.goto(`/university/course/${PREMIUM}`);
  await expect(page.getByTestId("course-locked")).toBeVisible();
  expect((await page.request.get(`/api/admin/courses/${PREMIUM}`)).status()).toBe(403);
});

test("an admin builds a course from the content screen: a module and a text lesson members then see", async ({ page }) => {
  const course = findCourse(BUILT);
  if (!course) throw new Error("course missing");
  const tag = `E2E ${Date.now().toString(36)}`;
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/content");
  await page.getByRole("tab", { name: "Courses" }).click();
  await page.getByLabel("Course", { exact: true }).selectOption(BUILT);
  await expect(page.getByTestId("builder-module")).toHaveCount(course.modules);

  await page.getByLabel("New module").fill(`Bonus ${tag}`);
  await page.getByRole("button", { name: "Add module" }).click();
  // Found by its title: until the server answers, the last module on screen is the one before it.
  const added = page.getByTestId("builder-module").filter({ hasText: `Bonus ${tag}` });
  await expect(added).toBeVisible();
  await added.getByRole("button", { name: "Add lesson" }).click();
  await added.getByRole("button", { name: "Add lesson" }).click();
  await expect(added.getByText("Lesson text is required")).toBeVisible();
  await added.getByLabel("Lesson title").fill(`Launch checklist ${tag}`);
  await added.getByLabel("Lesson text").fill("Ten things to check before launch day.");
  await added.getByRole("button", { name: "Add lesson" }).click();
  await expect(added.getByText(`Launch checklist ${tag}`)).toBeVisible();
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/builder-1280.png`, fullPage: true });

  await added.getByRole("button", { name: `Rename Bonus ${tag}` }).click();
  await added.getByLabel("Module title").fill(`Extras ${tag}`);
  await added.getByRole("button", { name: "Rename module" }).click();
  const renamed = page.getByTestId("builder-module").filter({ hasText: `Extras ${tag}` });
  await expect(renamed.getByRole("heading")).toHaveText(`Module ${course.modules + 1}Extras ${tag}`);

  await page.goto(`/university/course/${BUILT}`);
  await page.getByTestId("course-outline").getByRole("link", { name: new RegExp(`Launch checklist ${tag}`) }).click();
  await expect(page.getByTestId("lesson")).toContainText("Ten things to check before launch day.");

  await page.goto("/admin/content");
  await page.getByRole("tab", { name: "Courses" }).click();
  await page.getByLabel("Course", { exact: true }).selectOption(BUILT);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Delete Extras ${tag}` }).click();
  await expect(page.getByTestId("builder-module")).toHaveCount(course.modules);

  // Every change is in the audit log, with the admin and the course.
  await page.goto("/admin/users");
  await page.getByRole("tab", { name: "Audit log" }).click();
  const entries = page.getByTestId("audit-entry").filter({ hasText: `by ${E2E_ADMIN.email}` });
  for (const [action, target] of [
    ["Added course module", `Bonus ${tag}`],
    ["Added lesson", `Launch checklist ${tag}`],
    ["Renamed course module", `Extras ${tag}`],
    ["Deleted course module", `Extras ${tag}`],
  ] as const) {
    await expect(entries.filter({ hasText: action }).filter({ hasText: `${course.title}: ${target}` }).first()).toBeVisible();
  }
  await expect(entries.filter({ hasText: "Renamed course module" }).first()).toContainText(new RegExp(`Title:\\s*Bonus ${tag}\\s*changed to\\s*Extras ${tag}`));
});

test("a lesson opens only under its own course, and a locked lesson names one plan and asks the server for nothing it would refuse", async ({ page }) => {
  const premium = findCourse(PREMIUM);
  if (!premium) throw new Error("course missing");
  const adminApi = await newAdminApi();
  const firstLesson = async (courseId: string) => {
    const response = await adminApi.get(`/api/university/courses/${courseId}/outline`);
    const body = (await response.json()) as { outline: { modules: Array<{ lessons: Array<{ id: number; title: string }> }> } };
    const lesson = body.outline.modules[0]?.lessons[0];
    if (!lesson) throw new Error(`no lessons in ${courseId}`);
    return lesson;
  };
  const starterLesson = await firstLesson(COURSE);
  const premiumLesson = await firstLesson(PREMIUM);
  await adminApi.dispose();

  // An admin opens every course: a starter lesson's number under another course's address is not that course's lesson.
  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/university/course/${BUILT}/lesson/${starterLesson.id}`);
  await expect(page.getByText("This lesson is not in the course any more.")).toBeVisible();
  await expect(page.getByText(starterLesson.title)).toHaveCount(0);
  await page.goto(`/university/course/${COURSE}/lesson/${starterLesson.id}`);
  await expect(page.getByTestId("lesson").getByRole("heading", { level: 1 })).toHaveText(starterLesson.title);

  // A free member on a premium lesson: the course's plan, once, and no refused request in the console.
  await page.context().clearCookies();
  const account = newAccount("free-learner");
  await signUpThroughApi(page.request, account);
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  const lessonRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/university/lessons/")) lessonRequests.push(request.url());
  });
  await page.goto(`/university/course/${PREMIUM}/lesson/${premiumLesson.id}`);
  const locked = page.getByTestId("lesson-locked");
  const plan = premium.accessLevel === "entrepreneur" ? "Entrepreneur" : "Brand CEO";
  await expect(locked.getByRole("heading")).toHaveText(`Requires ${plan}`);
  await expect(locked).toContainText(`Upgrade to ${plan} to open it.`);
  await expect(locked.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", `/checkout/${premium.accessLevel}`);
  expect(await locked.textContent()).not.toMatch(/Upgrade to (Inventor|Free)/);
  expect(lessonRequests).toEqual([]);
  expect(refused).toEqual([]);
});
