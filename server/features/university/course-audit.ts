import { eq } from "drizzle-orm";
import type { CourseAuditAction } from "../../../common/contracts/courses";
import { findCourse } from "../../../common/marketing/courses";
import type { Database } from "../../db/client";
import type { AuditChange } from "../users/audit-log";
import { mediaItems } from "../media/media.table";
import type { courseLessons } from "./courses.table";

type LessonRow = typeof courseLessons.$inferSelect;
/** Long lesson texts are kept in the log as their start: enough to recognise, not a second copy. */
const TEXT_EXCERPT = 200;

/** "Course title: Module title" (or the lesson's), the entry's target as the audit log lists it. */
export function courseTarget(courseId: string, title: string): string {
  return `${findCourse(courseId)?.title ?? courseId}: ${title}`;
}

export function moduleChange(action: CourseAuditAction, id: number, courseId: string, title: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange {
  return { action, targetId: `course-module:${id}`, targetEmail: courseTarget(courseId, title), before, after };
}

export function lessonChange(action: CourseAuditAction, id: number, courseId: string, title: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange {
  return { action, targetId: `course-lesson:${id}`, targetEmail: courseTarget(courseId, title), before, after };
}

/** What the log keeps of a lesson: its fields, the library file by name, and the start of its text. */
export async function lessonFacts(db: Database, lesson: Pick<LessonRow, "title" | "kind" | "minutes" | "body" | "mediaItemId">): Promise<Record<string, unknown>> {
  const [item] = lesson.mediaItemId === null ? [] : await db.select({ name: mediaItems.name }).from(mediaItems).where(eq(mediaItems.id, lesson.mediaItemId));
  const text = lesson.body.length > TEXT_EXCERPT ? `${lesson.body.slice(0, TEXT_EXCERPT - 1)}…` : lesson.body;
  return { title: lesson.title, kind: lesson.kind, minutes: lesson.minutes, file: item?.name ?? null, text };
}
