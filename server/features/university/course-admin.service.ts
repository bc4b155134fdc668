import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminCourse, LessonInputSchema, ModuleInput, MoveInput } from "../../../common/contracts/courses";
import { findCourse } from "../../../common/marketing/courses";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { mediaItems } from "../media/media.table";
import { courseLessons, courseModules } from "./courses.table";
import { COURSE_NOT_FOUND, LESSON_NOT_FOUND } from "./course-content.service";

type LessonInput = z.output<typeof LessonInputSchema>;
const MODULE_NOT_FOUND = "Module not found";
/** The library kind each lesson kind plays or offers. */
const MEDIA_KIND_FOR = { video: "video", file: "document" } as const;

function knownCourse(courseId: string): string {
  const course = findCourse(courseId);
  if (!course) throw new AppError("NOT_FOUND", COURSE_NOT_FOUND);
  return course.id;
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

export async function createModule(db: Database, courseId: string, input: ModuleInput): Promise<void> {
  const id = knownCourse(courseId);
  await db.insert(courseModules).values({
    courseId: id,
    title: input.title,
    position: sql`(select coalesce(max(${courseModules.position}), 0) + 1 from ${courseModules} where ${courseModules.courseId} = ${id})`,
  });
}

async function moduleOf(db: Database, moduleId: number) {
  const [module] = await db.select().from(courseModules).where(eq(courseModules.id, moduleId));
  if (!module) throw new AppError("NOT_FOUND", MODULE_NOT_FOUND);
  return module;
}

export async function renameModule(db: Database, moduleId: number, input: ModuleInput): Promise<string> {
  const module = await moduleOf(db, moduleId);
  await db.update(courseModules).set({ title: input.title, updatedAt: new Date() }).where(eq(courseModules.id, moduleId));
  return module.courseId;
}

/** Deletes the module with its lessons (and members' marks on them). */
export async function deleteModule(db: Database, moduleId: number): Promise<string> {
  const module = await moduleOf(db, moduleId);
  await db.delete(courseModules).where(eq(courseModules.id, moduleId));
  return module.courseId;
}

/** Swaps the module with its neighbour in the course; at either end nothing moves. */
export async function moveModule(db: Database, moduleId: number, { direction }: MoveInput): Promise<string> {
  const module = await moduleOf(db, moduleId);
  await db.transaction(async (tx) => {
    const [neighbour] = await tx
      .select()
      .from(courseModules)
      .where(and(eq(courseModules.courseId, module.courseId), direction === "up" ? lt(courseModules.position, module.position) : gt(courseModules.position, module.position)))
      .orderBy(direction === "up" ? desc(courseModules.position) : asc(courseModules.position))
      .limit(1);
    if (!neighbour) return;
    await tx.update(courseModules).set({ position: neighbour.position }).where(eq(courseModules.id, module.id));
    await tx.update(courseModules).set({ position: module.position }).where(eq(courseModules.id, neighbour.id));
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

export async function createLesson(db: Database, moduleId: number, input: LessonInput): Promise<string> {
  const module = await moduleOf(db, moduleId);
  const mediaItemId = await checkMedia(db, input);
  await db.insert(courseLessons).values({
    moduleId,
    title: input.title,
    kind: input.kind,
    body: input.body,
    minutes: input.minutes,
    mediaItemId,
    position: sql`(select coalesce(max(${courseLessons.position}), 0) + 1 from ${courseLessons} where ${courseLessons.moduleId} = ${moduleId})`,
  });
  return module.courseId;
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

export async function updateLesson(db: Database, lessonId: number, input: LessonInput): Promise<string> {
  const { courseId } = await lessonOf(db, lessonId);
  const mediaItemId = await checkMedia(db, input);
  await db
    .update(courseLessons)
    .set({ title: input.title, kind: input.kind, body: input.body, minutes: input.minutes, mediaItemId, updatedAt: new Date() })
    .where(eq(courseLessons.id, lessonId));
  return courseId;
}

export async function deleteLesson(db: Database, lessonId: number): Promise<string> {
  const { courseId } = await lessonOf(db, lessonId);
  await db.delete(courseLessons).where(eq(courseLessons.id, lessonId));
  return courseId;
}

/** Swaps the lesson with its neighbour in the module; at either end nothing moves. */
export async function moveLesson(db: Database, lessonId: number, { direction }: MoveInput): Promise<string> {
  const { lesson, courseId } = await lessonOf(db, lessonId);
  await db.transaction(async (tx) => {
    const [neighbour] = await tx
      .select()
      .from(courseLessons)
      .where(and(eq(courseLessons.moduleId, lesson.moduleId), direction === "up" ? lt(courseLessons.position, lesson.position) : gt(courseLessons.position, lesson.position)))
      .orderBy(direction === "up" ? desc(courseLessons.position) : asc(courseLessons.position))
      .limit(1);
    if (!neighbour) return;
    await tx.update(courseLessons).set({ position: neighbour.position }).where(eq(courseLessons.id, lesson.id));
    await tx.update(courseLessons).set({ position: lesson.position }).where(eq(courseLessons.id, neighbour.id));
  });
  return courseId;
}
