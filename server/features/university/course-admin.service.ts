import { and, asc, count, desc, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminCourse, LessonInputSchema, ModuleInput, MoveInput } from "../../../common/contracts/courses";
import { findCourse } from "../../../common/marketing/courses";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { mediaItems } from "../media/media.table";
import { forgetSubject } from "../notifications/notify";
import { recordAudit } from "../users/audit-log";
import { lessonChange, lessonFacts, moduleChange } from "./course-audit";
import { courseLessons, courseModules } from "./courses.table";
import { COURSE_NOT_FOUND, LESSON_NOT_FOUND } from "./course-content.service";

/** What a lesson's notifications are about: they go when the lesson (or its module) does. */
export const lessonSubject = (lessonId: number) => `lesson:${lessonId}`;

type LessonInput = z.output<typeof LessonInputSchema>;
const MODULE_NOT_FOUND = "Module not found";
/** The library kind each lesson kind plays or offers. */
const MEDIA_KIND_FOR = { video: "video", file: "document" } as const;

function knownCourse(courseId: string): string {
  const course = findCourse(courseId);
  if (!course) throw new AppError("NOT_FOUND", COURSE_NOT_FOUND);
  return course.id;
}

/** Every change and its audit entry commit together. */
function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}

/** Every module and lesson of a course as the course builder edits them. */
export async function readAdminCourse(db: Database, courseId: string): Promise<AdminCourse> {
  const id = knownCourse(courseId);
  const modules = await db.select().from(courseModules).where(eq(courseModules.courseId, id)).orderBy(asc(courseModules.position), asc(courseModules.id));
  const lessons = await db
    .select({ lesson: courseLessons })
    .from(courseLessons)
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(eq(courseModules.courseId, id))
    .orderBy(asc(courseLessons.position), asc(courseLessons.id));
  return {
    courseId: id,
    modules: modules.map((module) => ({
      id: module.id,
      title: module.title,
      lessons: lessons
        .filter(({ lesson }) => lesson.moduleId === module.id)
        .map(({ lesson }) => ({ id: lesson.id, title: lesson.title, kind: lesson.kind, minutes: lesson.minutes, body: lesson.body, mediaItemId: lesson.mediaItemId })),
    })),
  };
}

export async function createModule(db: Database, admin: Viewer, courseId: string, input: ModuleInput): Promise<void> {
  const id = knownCourse(courseId);
  await inTransaction(db, async (tx) => {
    const [module] = await tx
      .insert(courseModules)
      .values({
        courseId: id,
        title: input.title,
        position: sql`(select coalesce(max(${courseModules.position}), 0) + 1 from ${courseModules} where ${courseModules.courseId} = ${id})`,
      })
      .returning({ id: courseModules.id });
    if (!module) throw new Error("module insert returned no row");
    await recordAudit(tx, admin, [moduleChange("add-course-module", module.id, id, input.title, null, { title: input.title })]);
  });
}

async function moduleOf(db: Database, moduleId: number) {
  const [module] = await db.select().from(courseModules).where(eq(courseModules.id, moduleId));
  if (!module) throw new AppError("NOT_FOUND", MODULE_NOT_FOUND);
  return module;
}

export async function renameModule(db: Database, admin: Viewer, moduleId: number, input: ModuleInput): Promise<string> {
  const module = await moduleOf(db, moduleId);
  await inTransaction(db, async (tx) => {
    await tx.update(courseModules).set({ title: input.title, updatedAt: new Date() }).where(eq(courseModules.id, moduleId));
    await recordAudit(tx, admin, [moduleChange("rename-course-module", moduleId, module.courseId, input.title, { title: module.title }, { title: input.title })]);
  });
  return module.courseId;
}

/** Deletes the module with its lessons (and members' marks on them). */
export async function deleteModule(db: Database, admin: Viewer, moduleId: number): Promise<string> {
  const module = await moduleOf(db, moduleId);
  await inTransaction(db, async (tx) => {
    const lessons = await tx.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.moduleId, moduleId));
    const deleted = await tx.delete(courseModules).where(eq(courseModules.id, moduleId)).returning({ id: courseModules.id });
    if (deleted.length === 0) throw new AppError("NOT_FOUND", MODULE_NOT_FOUND);
    for (const lesson of lessons) await forgetSubject(tx, lessonSubject(lesson.id));
    await recordAudit(tx, admin, [moduleChange("delete-course-module", moduleId, module.courseId, module.title, { title: module.title, lessons: lessons.length }, null)]);
  });
  return module.courseId;
}

/** Swaps the module with its neighbour in the course; at either end nothing moves (and nothing is logged). */
export async function moveModule(db: Database, admin: Viewer, moduleId: number, { direction }: MoveInput): Promise<string> {
  const module = await moduleOf(db, moduleId);
  await inTransaction(db, async (tx) => {
    const [neighbour] = await tx
      .select()
      .from(courseModules)
      .where(and(eq(courseModules.courseId, module.courseId), direction === "up" ? lt(courseModules.position, module.position) : gt(courseModules.position, module.position)))
      .orderBy(direction === "up" ? desc(courseModules.position) : asc(courseModules.position))
      .limit(1);
    if (!neighbour) return;
    const place = async (position: number) =>
      Number((await tx.select({ value: count() }).from(courseModules).where(and(eq(courseModules.courseId, module.courseId), lte(courseModules.position, position))))[0]?.value ?? 0);
    const [from, to] = [await place(module.position), await place(neighbour.position)];
    await tx.update(courseModules).set({ position: neighbour.position }).where(eq(courseModules.id, module.id));
    await tx.update(courseModules).set({ position: module.position }).where(eq(courseModules.id, neighbour.id));
    await recordAudit(tx, admin, [moduleChange("move-course-module", module.id, module.courseId, module.title, { position: from }, { position: to })]);
  });
  return module.courseId;
}

/** A video lesson plays a library video, a file lesson offers a library document: 400 on the field otherwise. */
async function checkMedia(db: Database, input: LessonInput): Promise<number | null> {
  if (input.kind === "text" || input.mediaItemId === null) return null;
  const [item] = await db.select({ kind: mediaItems.kind }).from(mediaItems).where(eq(mediaItems.id, input.mediaItemId));
  if (!item || item.kind !== MEDIA_KIND_FOR[input.kind]) {
    const wanted = input.kind === "video" ? "a video" : "a document";
    throw new AppError("VALIDATION_FAILED", `Please pick ${wanted} from the media library`, { mediaItemId: `Please pick ${wanted} from the media library` });
  }
  return input.mediaItemId;
}

/** Adds the lesson at the end of its module; answers its course and its id (its notifications' subject, `lessonSubject`). */
export async function createLesson(db: Database, admin: Viewer, moduleId: number, input: LessonInput): Promise<{ courseId: string; lessonId: number }> {
  const module = await moduleOf(db, moduleId);
  const mediaItemId = await checkMedia(db, input);
  const lessonId = await inTransaction(db, async (tx) => {
    const [lesson] = await tx
      .insert(courseLessons)
      .values({
        moduleId,
        title: input.title,
        kind: input.kind,
        body: input.body,
        minutes: input.minutes,
        mediaItemId,
        position: sql`(select coalesce(max(${courseLessons.position}), 0) + 1 from ${courseLessons} where ${courseLessons.moduleId} = ${moduleId})`,
      })
      .returning();
    if (!lesson) throw new Error("lesson insert returned no row");
    await recordAudit(tx, admin, [lessonChange("add-course-lesson", lesson.id, module.courseId, lesson.title, null, await lessonFacts(tx, lesson))]);
    return lesson.id;
  });
  return { courseId: module.courseId, lessonId };
}

async function lessonOf(db: Database, lessonId: number) {
  const [row] = await db
    .select({ lesson: courseLessons, courseId: courseModules.courseId })
    .from(courseLessons)
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(eq(courseLessons.id, lessonId));
  if (!row) throw new AppError("NOT_FOUND", LESSON_NOT_FOUND);
  return row;
}

export async function updateLesson(db: Database, admin: Viewer, lessonId: number, input: LessonInput): Promise<string> {
  const { lesson, courseId } = await lessonOf(db, lessonId);
  const mediaItemId = await checkMedia(db, input);
  await inTransaction(db, async (tx) => {
    const [after] = await tx
      .update(courseLessons)
      .set({ title: input.title, kind: input.kind, body: input.body, minutes: input.minutes, mediaItemId, updatedAt: new Date() })
      .where(eq(courseLessons.id, lessonId))
      .returning();
    if (!after) throw new AppError("NOT_FOUND", LESSON_NOT_FOUND);
    await recordAudit(tx, admin, [lessonChange("update-course-lesson", lessonId, courseId, after.title, await lessonFacts(tx, lesson), await lessonFacts(tx, after))]);
  });
  return courseId;
}

export async function deleteLesson(db: Database, admin: Viewer, lessonId: number): Promise<string> {
  const { lesson, courseId } = await lessonOf(db, lessonId);
  await inTransaction(db, async (tx) => {
    const deleted = await tx.delete(courseLessons).where(eq(courseLessons.id, lessonId)).returning({ id: courseLessons.id });
    if (deleted.length === 0) throw new AppError("NOT_FOUND", LESSON_NOT_FOUND);
    await forgetSubject(tx, lessonSubject(lessonId));
    await recordAudit(tx, admin, [lessonChange("delete-course-lesson", lessonId, courseId, lesson.title, await lessonFacts(tx, lesson), null)]);
  });
  return courseId;
}

/** Swaps the lesson with its neighbour in the module; at either end nothing moves (and nothing is logged). */
export async function moveLesson(db: Database, admin: Viewer, lessonId: number, { direction }: MoveInput): Promise<string> {
  const { lesson, courseId } = await lessonOf(db, lessonId);
  await inTransaction(db, async (tx) => {
    const [neighbour] = await tx
      .select()
      .from(courseLessons)
      .where(and(eq(courseLessons.moduleId, lesson.moduleId), direction === "up" ? lt(courseLessons.position, lesson.position) : gt(courseLessons.position, lesson.position)))
      .orderBy(direction === "up" ? desc(courseLessons.position) : asc(courseLessons.position))
      .limit(1);
    if (!neighbour) return;
    const place = async (position: number) =>
      Number((await tx.select({ value: count() }).from(courseLessons).where(and(eq(courseLessons.moduleId, lesson.moduleId), lte(courseLessons.position, position))))[0]?.value ?? 0);
    const [from, to] = [await place(lesson.position), await place(neighbour.position)];
    await tx.update(courseLessons).set({ position: neighbour.position }).where(eq(courseLessons.id, lesson.id));
    await tx.update(courseLessons).set({ position: lesson.position }).where(eq(courseLessons.id, neighbour.id));
    await recordAudit(tx, admin, [lessonChange("move-course-lesson", lesson.id, courseId, lesson.title, { position: from }, { position: to })]);
  });
  return courseId;
}
