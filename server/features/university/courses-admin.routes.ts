import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { LessonInputSchema, ModuleInputSchema, MoveInputSchema, type AdminCourse } from "../../../common/contracts/courses";
import { memberOf, requireAdmin } from "../../auth/guards";
import type { Database } from "../../db/client";
import { courseAccess, queueBroadcast } from "../../jobs/broadcast-request";
import type { JobQueue } from "../../jobs/job-queue";
import { findCourse } from "../../../common/marketing/courses";
import {
  createLesson,
  createModule,
  deleteLesson,
  deleteModule,
  lessonSubject,
  moveLesson,
  moveModule,
  readAdminCourse,
  renameModule,
  updateLesson,
} from "./course-admin.service";

const CourseParamsSchema = z.object({ courseId: z.string().min(1).max(100) });
const IdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The course builder of /admin/content: every change is audited and answers the whole course as it now stands. */
export async function coursesAdminRoutes(app: FastifyInstance, { db, jobs }: { db: Database; jobs: JobQueue }): Promise<void> {
  const guarded = { preHandler: requireAdmin };
  const id = (params: unknown) => IdParamsSchema.parse(params).id;
  const course = (courseId: string): Promise<AdminCourse> => readAdminCourse(db, courseId);

  app.get("/api/admin/courses/:courseId", { ...guarded, config: { api: { summary: "A course with its modules and lessons (for editing)", params: CourseParamsSchema } } }, async (request) => course(CourseParamsSchema.parse(request.params).courseId));
  app.post("/api/admin/courses/:courseId/modules", { ...guarded, config: { api: { summary: "Add a module to a course", body: ModuleInputSchema, params: CourseParamsSchema, success: { status: 201 } } } }, async (request, reply) => {
    const { courseId } = CourseParamsSchema.parse(request.params);
    await createModule(db, memberOf(request), courseId, ModuleInputSchema.parse(request.body));
    reply.code(201);
    return course(courseId);
  });
  app.put("/api/admin/course-modules/:id", { ...guarded, config: { api: { summary: "Rename a course module", body: ModuleInputSchema } } }, async (request) => course(await renameModule(db, memberOf(request), id(request.params), ModuleInputSchema.parse(request.body))));
  app.delete("/api/admin/course-modules/:id", { ...guarded, config: { api: { summary: "Delete a course module" } } }, async (request) => course(await deleteModule(db, memberOf(request), id(request.params))));
  app.post("/api/admin/course-modules/:id/move", { ...guarded, config: { api: { summary: "Move a course module", body: MoveInputSchema } } }, async (request) => course(await moveModule(db, memberOf(request), id(request.params), MoveInputSchema.parse(request.body))));
  app.post("/api/admin/course-modules/:id/lessons", { ...guarded, config: { api: { summary: "Add a lesson to a module", body: LessonInputSchema, success: { status: 201 } } } }, async (request, reply) => {
    const input = LessonInputSchema.parse(request.body);
    const { courseId, lessonId } = await createLesson(db, memberOf(request), id(request.params), input);
    const announced = findCourse(courseId);
    if (announced) {
      const headline = `New lesson in ${announced.title}`;
      await queueBroadcast(jobs, { event: "new-lesson", headline, access: courseAccess(announced.accessLevel), subject: lessonSubject(lessonId), excerpt: input.title, link: `/university/course/${encodeURIComponent(courseId)}` }, request.log);
    }
    reply.code(201);
    return course(courseId);
  });
  app.put("/api/admin/course-lessons/:id", { ...guarded, config: { api: { summary: "Save a lesson", body: LessonInputSchema } } }, async (request) => course(await updateLesson(db, memberOf(request), id(request.params), LessonInputSchema.parse(request.body))));
  app.delete("/api/admin/course-lessons/:id", { ...guarded, config: { api: { summary: "Delete a lesson" } } }, async (request) => course(await deleteLesson(db, memberOf(request), id(request.params))));
  app.post("/api/admin/course-lessons/:id/move", { ...guarded, config: { api: { summary: "Move a lesson", body: MoveInputSchema } } }, async (request) => course(await moveLesson(db, memberOf(request), id(request.params), MoveInputSchema.parse(request.body))));
}
