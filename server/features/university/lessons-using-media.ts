import { asc, eq } from "drizzle-orm";
import { findCourse } from "../../../common/marketing/courses";
import type { Database } from "../../db/client";
import { courseLessons, courseModules } from "./courses.table";

/** The course lessons that play or offer a media library item (the item's "used by"), with their course's title. */
export async function lessonsUsingMedia(db: Database, mediaItemId: number): Promise<Array<{ id: number; title: string; course: string }>> {
  const rows = await db
    .select({ id: courseLessons.id, title: courseLessons.title, courseId: courseModules.courseId })
    .from(courseLessons)
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(eq(courseLessons.mediaItemId, mediaItemId))
    .orderBy(asc(courseLessons.id));
  return rows.map((row) => ({ id: row.id, title: row.title, course: findCourse(row.courseId)?.title ?? row.courseId }));
}
