import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COURSE_AUDIT_ACTIONS, type AdminCourse, type Lesson } from "../../../common/contracts/courses";
import type { AuditEntry, AuditLogPage } from "../../../common/contracts/users";
import type { CourseOutline } from "../../../common/contracts/marketing";
import { COURSES, type Course } from "../../../common/marketing/courses";
import type { Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import { buildTestApp, sendJson, signUp, uniqueEmail, type TestApp } from "../../test/build-test-app";
import { mediaItems } from "../media/media.table";

let t: TestApp;
let admin: string;
const inventorCourse = COURSES.find((course) => course.accessLevel === "inventor") as Course;
const entrepreneurCourse = COURSES.find((course) => course.accessLevel === "entrepreneur") as Course;

async function member(tier: Tier, role: "user" | "admin" = "user"): Promise<{ cookie: string; email: string }> {
  const email = uniqueEmail(`course-${tier}`);
  const cookie = await signUp(t.app, { name: `Learner ${tier}`, email, password: "secret12" });
  await t.database.db.update(users).set({ membershipTier: tier, role }).where(eq(users.email, email));
  return { cookie, email };
}

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const outline = async (courseId: string, cookie: string): Promise<CourseOutline> => {
  const response = await get(`/api/university/courses/${courseId}/outline`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().outline;
};
const firstLessonId = async (courseId: string, cookie: string) => (await outline(courseId, cookie)).modules[0]?.lessons[0]?.id ?? -1;
const mark = (lessonId: number, completed: boolean, cookie: string) => sendJson(t.app, "PUT", `/api/university/lessons/${lessonId}/progress`, { completed }, cookie);

beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false" });
  admin = (await member("brand-ceo", "admin")).cookie;
});
afterAll(() => t.close());

describe("Course pages", () => {
  it("answers a course's modules and lessons from the database, in order, with the member's progress", async () => {
    const inventor = await member("inventor");
    const course = await outline(inventorCourse.id, inventor.cookie);
    expect(course.modules).toHaveLength(inventorCourse.modules);
    expect(course.modules[0]?.lessons.map((lesson) => lesson.kind)).toEqual(["text", "text", "text"]);
    expect(course.progress).toEqual({ courseId: inventorCourse.id, completed: 0, total: inventorCourse.modules * 3 });
  });

  it("opens a lesson only to tiers that open its course: 401 visitors, 403 naming the plan, 200 with its neighbours", async () => {
    const entrepreneur = await member("entrepreneur");
    const lessonId = await firstLessonId(entrepreneurCourse.id, entrepreneur.cookie);
    expect((await get(`/api/university/lessons/${lessonId}`)).statusCode).toBe(401);
    for (const tier of ["free", "inventor"] as const) {
      const locked = await get(`/api/university/lessons/${lessonId}`, (await member(tier)).cookie);
      expect(locked.statusCode).toBe(403);
      expect(locked.json().error.message).toContain("Upgrade to Entrepreneur");
      expect(locked.body).not.toContain("What this lesson covers");
    }
    const opened = await get(`/api/university/lessons/${lessonId}`, entrepreneur.cookie);
    expect(opened.statusCode).toBe(200);
    const lesson: Lesson = opened.json();
    expect(lesson.body).toContain("What this lesson covers");
    expect(lesson.previousLessonId).toBeNull();
    expect(lesson.nextLessonId).toBe((await outline(entrepreneurCourse.id, entrepreneur.cookie)).modules[0]?.lessons[1]?.id);
    expect((await get("/api/university/lessons/999999", entrepreneur.cookie)).statusCode).toBe(404);
  });

  it("finds a lesson only under its own course's address, before any plan is checked", async () => {
    const entrepreneur = await member("entrepreneur");
    const lessonId = await firstLessonId(entrepreneurCourse.id, entrepreneur.cookie);
    const under = (courseId: string, cookie: string) => get(`/api/university/lessons/${lessonId}?course=${courseId}`, cookie);
    expect((await under(entrepreneurCourse.id, entrepreneur.cookie)).json()).toMatchObject({ id: lessonId, courseId: entrepreneurCourse.id });
    const elsewhere = await under(inventorCourse.id, entrepreneur.cookie);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe("Lesson not found");
    // A free member, whom neither course opens, hears "not found" too: the address is wrong before any plan matters.
    expect((await under(inventorCourse.id, (await member("free")).cookie)).statusCode).toBe(404);
  });

  it("keeps each member's lessons done, once each, per course and on the dashboard list; a downgrade hides them", async () => {
    const learner = await member("inventor");
    const other = await member("inventor");
    const lessonId = await firstLessonId(inventorCourse.id, learner.cookie);
    const total = inventorCourse.modules * 3;
    expect((await mark(lessonId, true, learner.cookie)).json()).toEqual({ completed: true, progress: { courseId: inventorCourse.id, completed: 1, total } });
    expect((await mark(lessonId, true, learner.cookie)).json().progress.completed).toBe(1);
    expect((await outline(inventorCourse.id, learner.cookie)).modules[0]?.lessons[0]?.completed).toBe(true);
    expect((await outline(inventorCourse.id, other.cookie)).progress.completed).toBe(0);
    expect((await get("/api/university/progress", learner.cookie)).json()).toEqual({ courses: [{ courseId: inventorCourse.id, completed: 1, total }] });
    expect((await get("/api/university/progress", other.cookie)).json()).toEqual({ courses: [] });

    const entrepreneurLesson = await firstLessonId(entrepreneurCourse.id, admin);
    expect((await mark(entrepreneurLesson, true, learner.cookie)).statusCode).toBe(403);
    expect((await mark(lessonId, "yes" as unknown as boolean, learner.cookie)).statusCode).toBe(400);

    await t.database.db.update(users).set({ membershipTier: "free" }).where(eq(users.email, learner.email));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the viewer cache holds a tier for up to a second
    expect((await get("/api/university/progress", learner.cookie)).json()).toEqual({ courses: [] });
    expect((await mark(lessonId, false, learner.cookie)).statusCode).toBe(403);
  });
});

describe("Course builder", () => {
  const courseId = () => inventorCourse.id;
  const adminCourse = async (): Promise<AdminCourse> => (await get(`/api/admin/courses/${courseId()}`, admin)).json();

  it("lets only admins build: add a module and lessons, reorder, rename and delete, members see the result", async () => {
    const inventor = await member("inventor");
    expect((await sendJson(t.app, "POST", `/api/admin/courses/${courseId()}/modules`, { title: "Bonus" }, inventor.cookie)).statusCode).toBe(403);

    const created = await sendJson(t.app, "POST", `/api/admin/courses/${courseId()}/modules`, { title: "Bonus module" }, admin);
    expect(created.statusCode).toBe(201);
    const bonus = (created.json() as AdminCourse).modules.at(-1);
    expect(bonus?.title).toBe("Bonus module");
    const moduleId = bonus?.id ?? -1;
    for (const title of ["First bonus", "Second bonus"]) {
      const added = await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/lessons`, { title, kind: "text", body: `${title} text`, minutes: 5 }, admin);
      expect(added.statusCode, added.body).toBe(201);
    }
    const second = (await adminCourse()).modules.at(-1)?.lessons[1]?.id ?? -1;
    await sendJson(t.app, "POST", `/api/admin/course-lessons/${second}/move`, { direction: "up" }, admin);
    await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/move`, { direction: "up" }, admin);
    const moved = await adminCourse();
    expect(moved.modules.at(-2)?.lessons.map((lesson) => lesson.title)).toEqual(["Second bonus", "First bonus"]);

    const seen = await outline(courseId(), inventor.cookie);
    expect(seen.modules.at(-2)?.title).toBe("Bonus module");
    expect(seen.progress.total).toBe(inventorCourse.modules * 3 + 2);

    await sendJson(t.app, "PUT", `/api/admin/course-modules/${moduleId}`, { title: "Extras" }, admin);
    const afterDelete = (await sendJson(t.app, "DELETE", `/api/admin/course-modules/${moduleId}`, undefined, admin)).json() as AdminCourse;
    expect(afterDelete.modules.map((module) => module.title)).not.toContain("Extras");
    expect(afterDelete.modules).toHaveLength(inventorCourse.modules);
  });

  it("refuses a lesson without its text or with the wrong kind of library item, naming the field", async () => {
    const moduleId = (await adminCourse()).modules[0]?.id ?? -1;
    const noText = await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/lessons`, { title: "Empty", kind: "text", body: "", minutes: 5 }, admin);
    expect(noText.statusCode).toBe(400);
    expect(noText.json().error.fields.body).toBe("Lesson text is required");
    const [document] = await t.database.db.insert(mediaItems).values({ kind: "document", name: "Checklist.pdf", fileType: "application/pdf" }).returning({ id: mediaItems.id });
    const wrongKind = await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/lessons`, { title: "Watch", kind: "video", minutes: 5, mediaItemId: document?.id }, admin);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().error.fields.mediaItemId).toBe("Please pick a video from the media library");
    const noPick = await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/lessons`, { title: "Watch", kind: "video", minutes: 5 }, admin);
    expect(noPick.json().error.fields.mediaItemId).toBe("Please pick a file from the media library");
  });

  it("hands a file lesson's library document through a signed link for that member only, checked against the tier on every request", async () => {
    const key = await t.files.put("documents", "pdf", Buffer.from("%PDF-1.4 lesson worksheet"));
    const [document] = await t.database.db.insert(mediaItems).values({ kind: "document", name: "Worksheet.pdf", fileType: "application/pdf", fileKey: key }).returning({ id: mediaItems.id });
    const moduleId = (await adminCourse()).modules[0]?.id ?? -1;
    const added = await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/lessons`, { title: "Worksheet", kind: "file", minutes: 10, mediaItemId: document?.id }, admin);
    const lessonId = (added.json() as AdminCourse).modules[0]?.lessons.at(-1)?.id ?? -1;

    const learner = await member("inventor");
    const lesson: Lesson = (await get(`/api/university/lessons/${lessonId}`, learner.cookie)).json();
    if (lesson.media?.type !== "file") throw new Error(`expected a file, got ${JSON.stringify(lesson.media)}`);
    expect(lesson.media.name).toBe("Worksheet.pdf");
    const download = await get(lesson.media.url, learner.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe("%PDF-1.4 lesson worksheet");
    expect(download.headers["content-disposition"]).toContain("attachment");
    expect((await get(lesson.media.url, (await member("inventor")).cookie)).statusCode).toBe(403);
    expect((await get(lesson.media.url)).statusCode).toBe(403);
  });

  it("records every module and lesson change in the audit log with the admin, the course and what changed; refused or no-op changes record nothing", async () => {
    const builder = await member("brand-ceo", "admin");
    const courseEntries = async (): Promise<AuditEntry[]> => {
      const page: AuditLogPage = (await get("/api/admin/audit-log?pageSize=100", builder.cookie)).json();
      return page.entries.filter((entry) => (COURSE_AUDIT_ACTIONS as readonly string[]).includes(entry.action) && entry.actorEmail === builder.email).reverse();
    };
    const [worksheet] = await t.database.db.insert(mediaItems).values({ kind: "document", name: "Audit worksheet.pdf", fileType: "application/pdf" }).returning({ id: mediaItems.id });
    const prefix = `${inventorCourse.title}: `;

    const created: AdminCourse = (await sendJson(t.app, "POST", `/api/admin/courses/${courseId()}/modules`, { title: "Audited module" }, builder.cookie)).json();
    const moduleId = created.modules.at(-1)?.id ?? -1;
    await sendJson(t.app, "PUT", `/api/admin/course-modules/${moduleId}`, { title: "Audited extras" }, builder.cookie);
    const lessonIds: number[] = [];
    for (const title of ["Read first", "Read second"]) {
      const added: AdminCourse = (await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/lessons`, { title, kind: "text", body: `${title} text`, minutes: 5 }, builder.cookie)).json();
      lessonIds.push(added.modules.at(-1)?.lessons.at(-1)?.id ?? -1);
    }
    const [first = -1, second = -1] = lessonIds;
    expect((await sendJson(t.app, "PUT", `/api/admin/course-lessons/${first}`, { title: "Worksheet", kind: "file", minutes: 12, mediaItemId: worksheet?.id }, builder.cookie)).statusCode).toBe(200);
    expect((await sendJson(t.app, "POST", `/api/admin/course-lessons/${second}/move`, { direction: "up" }, builder.cookie)).statusCode).toBe(200);
    // Already first: nothing moves, nothing is logged; a refused lesson is not logged either.
    expect((await sendJson(t.app, "POST", `/api/admin/course-lessons/${second}/move`, { direction: "up" }, builder.cookie)).statusCode).toBe(200);
    expect((await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/lessons`, { title: "Empty", kind: "text", body: "", minutes: 5 }, builder.cookie)).statusCode).toBe(400);
    await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/move`, { direction: "up" }, builder.cookie);
    await sendJson(t.app, "DELETE", `/api/admin/course-lessons/${second}`, undefined, builder.cookie);
    await sendJson(t.app, "DELETE", `/api/admin/course-modules/${moduleId}`, undefined, builder.cookie);

    const modules = inventorCourse.modules + 1;
    expect(await courseEntries()).toEqual([
      expect.objectContaining({ action: "add-course-module", targetEmail: `${prefix}Audited module`, before: null, after: { title: "Audited module" } }),
      expect.objectContaining({ action: "rename-course-module", targetEmail: `${prefix}Audited extras`, before: { title: "Audited module" }, after: { title: "Audited extras" } }),
      expect.objectContaining({ action: "add-course-lesson", targetEmail: `${prefix}Read first`, after: { title: "Read first", kind: "text", minutes: 5, file: null, text: "Read first text" } }),
      expect.objectContaining({ action: "add-course-lesson", targetEmail: `${prefix}Read second` }),
      expect.objectContaining({
        action: "update-course-lesson",
        targetEmail: `${prefix}Worksheet`,
        before: { title: "Read first", kind: "text", minutes: 5, file: null, text: "Read first text" },
        after: { title: "Worksheet", kind: "file", minutes: 12, file: "Audit worksheet.pdf", text: "" },
      }),
      expect.objectContaining({ action: "move-course-lesson", targetEmail: `${prefix}Read second`, before: { position: 2 }, after: { position: 1 } }),
      expect.objectContaining({ action: "move-course-module", targetEmail: `${prefix}Audited extras`, before: { position: modules }, after: { position: modules - 1 } }),
      expect.objectContaining({ action: "delete-course-lesson", targetEmail: `${prefix}Read second`, before: expect.objectContaining({ title: "Read second" }), after: null }),
      expect.objectContaining({ action: "delete-course-module", targetEmail: `${prefix}Audited extras`, before: { title: "Audited extras", lessons: 1 }, after: null }),
    ]);
  });
});
