import { asc, eq, inArray } from "drizzle-orm";
import { findCourse } from "../../../common/marketing/courses";
import type { Database } from "../../db/client";
import { courseLessons, courseModules } from "./courses.table";

/** The course lessons that play or offer any of these media library items (their "used by"), with their course's title. */
export async function lessonsUsingMedia(db: Database, mediaItemIds: number[]): Promise<Array<{ id: number; title: string; course: string; mediaItemId: number }>> {
  if (mediaItemIds.length === 0) return [];
  const rows = await db
    .select({ id: courseLessons.id, title: courseLessons.title, courseId: courseModules.courseId, mediaItemId: courseLessons.mediaItemId })
    .from(courseLessons)
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(inArray(courseLessons.mediaItemId, mediaItemIds))
    .orderBy(asc(courseLessons.id));
  return rows.map((row) => ({ id: row.id, title: row.title, course: findCourse(row.courseId)?.title ?? row.courseId, mediaItemId: row.mediaItemId ?? 0 }));
}
