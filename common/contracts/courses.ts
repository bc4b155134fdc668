import { z } from "zod";
import { requiredMessage } from "../content";
import { fieldError } from "../validation-messages";

/** What a lesson is: a video from the media library, a text, or a file from the library to download. */
/** A lesson of a course above the member's plan: the page says it without asking, the server answers it with 403. */
export const lessonLockedMessage = (planName: string) => `This lesson is part of a course your plan does not include. Upgrade to ${planName} to open it.`;

export const LESSON_KINDS = ["video", "text", "file"] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

const title = (field: string) => z.string({ error: requiredMessage(field) }).trim().min(1, requiredMessage(field)).max(200, `${field} is too long`);

/** A lesson as listed on its course page. */
export const LessonSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  minutes: z.number().int(),
  completed: z.boolean(),
});
export type LessonSummary = z.infer<typeof LessonSummarySchema>;

export const CourseModuleSchema = z.object({ id: z.number().int(), title: z.string(), lessons: z.array(LessonSummarySchema) });
export type CourseModule = z.infer<typeof CourseModuleSchema>;

export const CourseProgressSchema = z.object({ courseId: z.string(), completed: z.number().int(), total: z.number().int() });
export type CourseProgress = z.infer<typeof CourseProgressSchema>;

/** What a lesson plays or offers: a library video (YouTube or a signed stream link), a signed download, or nothing (text). */
export const LessonMediaSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("youtube"), youtubeId: z.string() }),
  z.object({ type: z.literal("video"), url: z.string(), fileType: z.string() }),
  z.object({ type: z.literal("file"), url: z.string(), name: z.string() }),
]);
export type LessonMedia = z.infer<typeof LessonMediaSchema>;

/** GET /api/university/lessons/:id */
export const LessonSchema = LessonSummarySchema.extend({
  courseId: z.string(),
  moduleTitle: z.string(),
  body: z.string(),
  /** Null for a text lesson, or when the library item it used was deleted. */
  media: LessonMediaSchema.nullable(),
  previousLessonId: z.number().int().nullable(),
  nextLessonId: z.number().int().nullable(),
  progress: CourseProgressSchema,
});
export type Lesson = z.infer<typeof LessonSchema>;

/** PUT /api/university/lessons/:id/progress */
export const LessonProgressInputSchema = z.object({ completed: z.boolean({ error: fieldError("Completed") }) });
export type LessonProgressInput = z.infer<typeof LessonProgressInputSchema>;
export const LessonProgressResponseSchema = z.object({ completed: z.boolean(), progress: CourseProgressSchema });
export type LessonProgressResponse = z.infer<typeof LessonProgressResponseSchema>;

/** GET /api/university/progress: the courses the member has started, for the dashboard. */
export const ProgressListSchema = z.object({ courses: z.array(CourseProgressSchema) });
export type ProgressList = z.infer<typeof ProgressListSchema>;

/** Admin: a lesson with what an editor needs. */
export const AdminLessonSchema = LessonSummarySchema.omit({ completed: true }).extend({ body: z.string(), mediaItemId: z.number().int().nullable() });
export type AdminLesson = z.infer<typeof AdminLessonSchema>;
export const AdminCourseSchema = z.object({
  courseId: z.string(),
  modules: z.array(z.object({ id: z.number().int(), title: z.string(), lessons: z.array(AdminLessonSchema) })),
});
export type AdminCourse = z.infer<typeof AdminCourseSchema>;

/** POST /api/admin/courses/:courseId/modules, PUT /api/admin/course-modules/:id */
export const ModuleInputSchema = z.object({ title: title("Module title") });
export type ModuleInput = z.infer<typeof ModuleInputSchema>;

/** POST /api/admin/course-modules/:id/lessons, PUT /api/admin/course-lessons/:id */
export const LessonInputSchema = z
  .object({
    title: title("Lesson title"),
    kind: z.enum(LESSON_KINDS, { error: fieldError("Lesson type") }),
    body: z.string().trim().max(20_000, "Lesson text is too long").default(""),
    minutes: z.number({ error: "Minutes must be a whole number from 1 to 600" }).int("Minutes must be a whole number from 1 to 600").min(1, "Minutes must be a whole number from 1 to 600").max(600, "Minutes must be a whole number from 1 to 600"),
    mediaItemId: z.number().int().positive().nullable().default(null),
  })
  .refine((lesson) => lesson.kind === "text" || lesson.mediaItemId !== null, { path: ["mediaItemId"], message: "Please pick a file from the media library" })
  .refine((lesson) => lesson.kind !== "text" || lesson.body.length > 0, { path: ["body"], message: requiredMessage("Lesson text") });
export type LessonInput = z.input<typeof LessonInputSchema>;

/** POST /api/admin/course-modules/:id/move and /api/admin/course-lessons/:id/move: one place earlier or later. */
export const MoveInputSchema = z.object({ direction: z.enum(["up", "down"], { error: fieldError("Direction") }) });
export type MoveInput = z.infer<typeof MoveInputSchema>;

/** Audit log actions of the course builder (part of the users contract's AUDIT_ACTIONS). */
export const COURSE_AUDIT_ACTIONS = ["add-course-module", "rename-course-module", "delete-course-module", "move-course-module", "add-course-lesson", "update-course-lesson", "delete-course-lesson", "move-course-lesson"] as const;
export type CourseAuditAction = (typeof COURSE_AUDIT_ACTIONS)[number];
export const COURSE_AUDIT_LABELS: Record<CourseAuditAction, string> = {
  "add-course-module": "Added course module",
  "rename-course-module": "Renamed course module",
  "delete-course-module": "Deleted course module",
  "move-course-module": "Moved course module",
  "add-course-lesson": "Added lesson",
  "update-course-lesson": "Changed lesson",
  "delete-course-lesson": "Deleted lesson",
  "move-course-lesson": "Moved lesson",
};
