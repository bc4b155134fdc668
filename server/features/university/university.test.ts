import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COURSES } from "../../../common/marketing/courses";
import type { Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import { buildTestApp, signUp, uniqueEmail, type TestApp } from "../../test/build-test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function memberWithTier(tier: Tier): Promise<string> {
  const email = uniqueEmail(tier);
  const cookie = await signUp(t.app, { name: `Student ${tier}`, email, password: "secret1" });
  await t.database.db.update(users).set({ membershipTier: tier }).where(eq(users.email, email));
  return cookie;
}

const idsAt = (...levels: string[]) => COURSES.filter((course) => levels.includes(course.accessLevel)).map((course) => course.id);
const access = async (cookie?: string) => (await t.app.inject({ url: "/api/university/access", headers: cookie ? { cookie } : {} })).json();
const outline = (id: string, cookie?: string) => t.app.inject({ url: `/api/university/courses/${id}/outline`, headers: cookie ? { cookie } : {} });

describe("University access", () => {
  it("opens nothing to visitors and free members, who get an upgrade prompt", async () => {
    expect(await access()).toEqual({ access: "none", unlockedCourseIds: [] });
    expect(await access(await memberWithTier("free"))).toEqual({ access: "none", unlockedCourseIds: [] });
  });

  it("opens only inventor courses to an inventor (limited), inventor and entrepreneur courses to an entrepreneur, all to brand-ceo", async () => {
    expect(await access(await memberWithTier("inventor"))).toEqual({ access: "limited", unlockedCourseIds: idsAt("inventor") });
    expect(await access(await memberWithTier("entrepreneur"))).toEqual({ access: "full", unlockedCourseIds: idsAt("inventor", "entrepreneur") });
    expect(await access(await memberWithTier("brand-ceo"))).toEqual({ access: "full", unlockedCourseIds: COURSES.map((course) => course.id) });
    expect(idsAt("inventor")).toHaveLength(2);
  });

  it("answers a course outline only to tiers that open it: 403 with the plan required otherwise, 404 for unknown courses", async () => {
    const entrepreneurCourse = COURSES.find((course) => course.accessLevel === "entrepreneur");
    const inventorCourse = COURSES.find((course) => course.accessLevel === "inventor");
    if (!entrepreneurCourse || !inventorCourse) throw new Error("catalogue needs inventor and entrepreneur courses");

    const anonymous = await outline(inventorCourse.id);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ locked: true, requiredTier: "inventor", signedIn: false });
    expect(anonymous.body).not.toContain("lessons");

    const inventor = await memberWithTier("inventor");
    expect((await outline(entrepreneurCourse.id, inventor)).json()).toEqual({ locked: true, requiredTier: "entrepreneur", signedIn: true });
    const opened = await outline(inventorCourse.id, inventor);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().outline.modules).toHaveLength(inventorCourse.modules);

    expect((await outline(entrepreneurCourse.id, await memberWithTier("entrepreneur"))).statusCode).toBe(200);
    expect((await outline("no-such-course")).statusCode).toBe(404);
  });
});
