import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminCourse } from "../../../common/contracts/courses";
import type { Notification } from "../../../common/contracts/notifications";
import { COURSES } from "../../../common/marketing/courses";
import { buildTestApp, memberCookie, sendJson, TEST_ORIGIN, type TestApp } from "../../test/build-test-app";
import { eventually } from "../account-data/account-data.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false" });
});
afterAll(() => t.close());

const notificationsOf = async (cookie: string): Promise<Notification[]> => (await t.app.inject({ url: "/api/notifications", headers: { cookie } })).json().notifications;

describe("new lessons", () => {
  it("tell the members whose plan opens the course, by a job, and nobody else", async () => {
    const course = COURSES.find((candidate) => candidate.accessLevel === "entrepreneur");
    if (!course) throw new Error("no entrepreneur course");
    const admin = await memberCookie(t, "admin", "Course Admin");
    const entrepreneur = await memberCookie(t, "entrepreneur", "Enzo Entrepreneur");
    const inventor = await memberCookie(t, "inventor", "Ines Inventor");
    await t.jobs.start();
    const created = await sendJson(t.app, "POST", `/api/admin/courses/${course.id}/modules`, { title: "Launch extras" }, admin.cookie);
    const moduleId = (created.json() as AdminCourse).modules.at(-1)?.id ?? -1;
    const added = await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/lessons`, { title: "Pricing your first wholesale order", kind: "text", body: "Start from the landed cost.", minutes: 8 }, admin.cookie);
    expect(added.statusCode, added.body).toBe(201);
    const [told] = await eventually(async () => {
      const lessons = (await notificationsOf(entrepreneur.cookie)).filter((n) => n.event === "new-lesson");
      return lessons.length > 0 ? lessons : null;
    });
    expect(told).toMatchObject({ text: `New lesson in ${course.title}`, excerpt: "Pricing your first wholesale order", link: `/university/course/${course.id}` });
    expect((await notificationsOf(inventor.cookie)).filter((n) => n.event === "new-lesson")).toEqual([]);

    // A lesson that is deleted takes its notifications along; so does a deleted module's lessons'.
    const lessonId = (added.json() as AdminCourse).modules.at(-1)?.lessons.at(-1)?.id ?? -1;
    const removed = await t.app.inject({ method: "DELETE", url: `/api/admin/course-lessons/${lessonId}`, headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await notificationsOf(entrepreneur.cookie)).filter((n) => n.event === "new-lesson")).toEqual([]);

    const second = await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/lessons`, { title: "Reorder points", kind: "text", body: "Count the lead time.", minutes: 5 }, admin.cookie);
    expect(second.statusCode, second.body).toBe(201);
    await eventually(async () => ((await notificationsOf(entrepreneur.cookie)).some((n) => n.excerpt === "Reorder points") ? true : null));
    const moduleGone = await t.app.inject({ method: "DELETE", url: `/api/admin/course-modules/${moduleId}`, headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
    expect(moduleGone.statusCode, moduleGone.body).toBe(200);
    expect((await notificationsOf(entrepreneur.cookie)).filter((n) => n.event === "new-lesson")).toEqual([]);
  });
});
