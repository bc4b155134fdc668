import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { lessonLockedMessage, LessonProgressInputSchema, type Lesson, type LessonProgressResponse, type ProgressList } from "../../../common/contracts/courses";
import type { CourseOutlineResponse, UniversityAccessResponse } from "../../../common/contracts/marketing";
import { COURSES } from "../../../common/marketing/courses";
import { PLANS } from "../../../common/tiers";
import { memberOf, requireMember } from "../../auth/guards";
import { AppError } from "../../errors";
import { deliverFile } from "../../files/file-delivery";
import type { ContentDeps } from "../content/content-deps";
import { CourseLockedError, lessonFile, listCourseProgress, readCourseOutline, readLesson, setLessonCompleted } from "./course-content.service";
import { canOpenCourse, universityAccess } from "./university.policy";

const CourseParamsSchema = z.object({ id: z.string().min(1).max(100) });
const LessonParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** The course the lesson's page address names (`?course=`): the lesson must belong to it. */
const LessonQuerySchema = z.object({ course: z.string().min(1).max(100).optional() });

/** A lesson of a course above the viewer's plan: 403 naming the plan that opens it. */
async function lockedLesson<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof CourseLockedError)) throw error;
    throw new AppError("FORBIDDEN", lessonLockedMessage(PLANS[error.course.accessLevel].name));
  }
}

const noStore = (reply: FastifyReply) => reply.header("cache-control", "private, no-store");

/** What the viewer's tier opens in the University, course pages with the member's progress, and lessons. */
export async function universityRoutes(app: FastifyInstance, deps: ContentDeps): Promise<void> {
  const { db } = deps;
  app.get("/api/university/access", { config: { api: { summary: "Which courses the viewer may open" } } }, async (request, reply): Promise<UniversityAccessResponse> => {
    noStore(reply);
    const viewer = request.viewer;
    return {
      access: universityAccess(viewer),
      unlockedCourseIds: COURSES.filter((course) => canOpenCourse(viewer, course)).map((course) => course.id),
    };
  });

  app.get("/api/university/courses/:id/outline", { config: { api: { summary: "A course's modules and lessons", params: CourseParamsSchema } } }, async (request, reply): Promise<CourseOutlineResponse> => {
    noStore(reply);
    const { id } = CourseParamsSchema.parse(request.params);
    try {
      return { locked: false, outline: await readCourseOutline(db, request.viewer, id) };
    } catch (error) {
      if (!(error instanceof CourseLockedError)) throw error;
      return reply.code(403).send({ locked: true, requiredTier: error.course.accessLevel, signedIn: request.viewer !== null });
    }
  });

  app.get("/api/university/progress", { config: { api: { summary: "The viewer's course progress" } }, preHandler: requireMember }, async (request, reply): Promise<ProgressList> => {
    noStore(reply);
    return listCourseProgress(db, memberOf(request));
  });

  app.get("/api/university/lessons/:id", { config: { api: { summary: "Read a lesson", query: LessonQuerySchema, params: LessonParamsSchema } }, preHandler: requireMember }, async (request, reply): Promise<Lesson> => {
    noStore(reply);
    const { id } = LessonParamsSchema.parse(request.params);
    const { course } = LessonQuerySchema.parse(request.query);
    return lockedLesson(() => readLesson(db, deps.fileLinks, memberOf(request), id, course));
  });

  app.put("/api/university/lessons/:id/progress", { config: { api: { summary: "Mark a lesson done or not done", body: LessonProgressInputSchema, params: LessonParamsSchema } }, preHandler: requireMember }, async (request): Promise<LessonProgressResponse> => {
    const { id } = LessonParamsSchema.parse(request.params);
    const { completed } = LessonProgressInputSchema.parse(request.body);
    return lockedLesson(() => setLessonCompleted(db, memberOf(request), id, completed));
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/api/university/lessons/:id/file",
    config: { api: { summary: "Download a lesson's file", params: LessonParamsSchema, success: { status: 200, contentType: "application/octet-stream" } } },
    handler: async (request, reply) => {
      const { id } = LessonParamsSchema.parse(request.params);
      const { allowed, media } = await lessonFile(db, request.viewer, id);
      return deliverFile(request, reply, deps, {
        kind: "lesson",
        id,
        allowed,
        fileKey: media?.fileKey ?? null,
        externalUrl: null,
        fileType: media?.fileType ?? null,
        fileName: media?.name ?? "lesson",
        disposition: media?.kind === "video" ? "inline" : "attachment",
      });
    },
  });
}
