import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { CourseModule, CourseProgress, Lesson, LessonMedia, ProgressList } from "../../../common/contracts/courses";
import type { CourseOutline } from "../../../common/contracts/marketing";
import { COURSES, findCourse, type Course } from "../../../common/marketing/courses";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { FileLinkSigner } from "../../files/file-links";
import { mediaItems } from "../media/media.table";
import { courseLessons, courseModules, lessonProgress } from "./courses.table";
import { canOpenCourse } from "./university.policy";

export const COURSE_NOT_FOUND = "Course not found";
export const LESSON_NOT_FOUND = "Lesson not found";

/** Thrown when the viewer's plan does not open the course: the route answers 403 with the plan it needs. */
export class CourseLockedError extends Error {
  constructor(readonly course: Course) {
    super("This course is not included in your plan");
  }
}

/** The course, or 404; CourseLockedError when the viewer's tier does not open it. */
export function openCourse(viewer: Viewer | null, courseId: string): Course {
  const course = findCourse(courseId);
  if (!course) throw new AppError("NOT_FOUND", COURSE_NOT_FOUND);
  if (!canOpenCourse(viewer, course)) throw new CourseLockedError(course);
  return course;
}

/** Every lesson of a course in reading order (module, then lesson), with whether the viewer finished it. */
async function lessonsInOrder(db: Database, viewerId: string | null, courseId: string) {
  return db
    .select({
      moduleId: courseModules.id,
      moduleTitle: courseModules.title,
      id: courseLessons.id,
      title: courseLessons.title,
      kind: courseLessons.kind,
      minutes: courseLessons.minutes,
      completed: sql<boolean>`exists (select 1 from ${lessonProgress} where ${lessonProgress.lessonId} = ${courseLessons.id} and ${lessonProgress.userId} = ${viewerId})`,
    })
    .from(courseModules)
    .leftJoin(courseLessons, eq(courseLessons.moduleId, courseModules.id))
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(courseModules.id), asc(courseLessons.position), asc(courseLessons.id));
}

type LessonRow = Awaited<ReturnType<typeof lessonsInOrder>>[number];

function progressOf(courseId: string, rows: LessonRow[]): CourseProgress {
  const lessons = rows.filter((row) => row.id !== null);
  return { courseId, completed: lessons.filter((row) => row.completed).length, total: lessons.length };
}

/** The course's modules and lessons with the viewer's marks and progress (403 via CourseLockedError, 404). */
export async function readCourseOutline(db: Database, viewer: Viewer | null, courseId: string): Promise<CourseOutline> {
  const course = openCourse(viewer, courseId);
  const rows = await lessonsInOrder(db, viewer?.userId ?? null, course.id);
  const modules: CourseModule[] = [];
  for (const row of rows) {
    let module = modules.at(-1);
    if (!module || module.id !== row.moduleId) {
      module = { id: row.moduleId, title: row.moduleTitle, lessons: [] };
      modules.push(module);
    }
    if (row.id !== null && row.title !== null && row.kind !== null && row.minutes !== null) {
      module.lessons.push({ id: row.id, title: row.title, kind: row.kind, minutes: row.minutes, completed: row.completed });
    }
  }
  return { courseId: course.id, modules, progress: progressOf(course.id, rows) };
}

/** The lesson's row with its course, or 404. */
async function findLesson(db: Database, lessonId: number) {
  const [row] = await db
    .select({ lesson: courseLessons, courseId: courseModules.courseId, media: mediaItems })
    .from(courseLessons)
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .leftJoin(mediaItems, eq(mediaItems.id, courseLessons.mediaItemId))
    .where(eq(courseLessons.id, lessonId));
  if (!row) throw new AppError("NOT_FOUND", LESSON_NOT_FOUND);
  return row;
}

/** The lesson's library file as the file route delivers it, once the viewer's tier opens its course. */
export async function lessonFile(db: Database, viewer: Viewer | null, lessonId: number) {
  const row = await findLesson(db, lessonId);
  const course = findCourse(row.courseId);
  return { allowed: course ? canOpenCourse(viewer, course) : false, media: row.lesson.kind === "text" ? null : row.media };
}

function lessonMedia(links: FileLinkSigner, viewerId: string, row: Awaited<ReturnType<typeof findLesson>>): LessonMedia | null {
  const media = row.media;
  if (row.lesson.kind === "text" || !media) return null;
  if (row.lesson.kind === "video" && media.youtubeId) return { type: "youtube", youtubeId: media.youtubeId };
  if (!media.fileKey) return null;
  const url = `/api/university/lessons/${row.lesson.id}/file?${links.sign("lesson", row.lesson.id, viewerId)}`;
  return row.lesson.kind === "video" ? { type: "video", url, fileType: media.fileType } : { type: "file", url, name: media.name };
}

/** One lesson with what it plays or offers (signed links for this viewer), its neighbours and the course progress. */
/**
 * `courseId`, when given, is the course the lesson's address names: a lesson of another course is not
 * found there (before any plan is checked), so no page shows it under the wrong course.
 */
export async function readLesson(db: Database, links: FileLinkSigner, viewer: Viewer, lessonId: number, courseId?: string): Promise<Lesson> {
  const row = await findLesson(db, lessonId);
  if (courseId !== undefined && row.courseId !== courseId) throw new AppError("NOT_FOUND", LESSON_NOT_FOUND);
  openCourse(viewer, row.courseId);
  const order = (await lessonsInOrder(db, viewer.userId, row.courseId)).filter((entry) => entry.id !== null);
  const index = order.findIndex((entry) => entry.id === lessonId);
  const current = order[index];
  return {
    id: row.lesson.id,
    title: row.lesson.title,
    kind: row.lesson.kind,
    minutes: row.lesson.minutes,
    completed: current?.completed ?? false,
    courseId: row.courseId,
    moduleTitle: current?.moduleTitle ?? "",
    body: row.lesson.body,
    media: lessonMedia(links, viewer.userId, row),
    previousLessonId: order[index - 1]?.id ?? null,
    nextLessonId: order[index + 1]?.id ?? null,
    progress: progressOf(row.courseId, order),
  };
}

/** Marks the lesson done or not done for the viewer (idempotent) and answers the course's progress. */
export async function setLessonCompleted(db: Database, viewer: Viewer, lessonId: number, completed: boolean) {
  const row = await findLesson(db, lessonId);
  openCourse(viewer, row.courseId);
  if (completed) await db.insert(lessonProgress).values({ userId: viewer.userId, lessonId }).onConflictDoNothing();
  else await db.delete(lessonProgress).where(and(eq(lessonProgress.userId, viewer.userId), eq(lessonProgress.lessonId, lessonId)));
  return { completed, progress: progressOf(row.courseId, await lessonsInOrder(db, viewer.userId, row.courseId)) };
}

/**
 * The courses the member has started and may still open (a downgrade hides a course's progress with
 * the course), in catalogue order, for the dashboard.
 */
export async function listCourseProgress(db: Database, viewer: Viewer): Promise<ProgressList> {
  const openIds = COURSES.filter((course) => canOpenCourse(viewer, course)).map((course) => course.id);
  if (openIds.length === 0) return { courses: [] };
  const rows = await db
    .select({
      courseId: courseModules.courseId,
      total: count(courseLessons.id),
      completed: sql<number>`count(${lessonProgress.lessonId})::int`,
    })
    .from(courseModules)
    .innerJoin(courseLessons, eq(courseLessons.moduleId, courseModules.id))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, courseLessons.id), eq(lessonProgress.userId, viewer.userId)))
    .where(inArray(courseModules.courseId, openIds))
    .groupBy(courseModules.courseId);
  const started = new Map(rows.filter((row) => Number(row.completed) > 0).map((row) => [row.courseId, row]));
  return {
    courses: openIds.flatMap((courseId) => {
      const row = started.get(courseId);
      return row ? [{ courseId, completed: Number(row.completed), total: Number(row.total) }] : [];
    }),
  };
}
