import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CourseOutlineResponse, UniversityAccessResponse } from "../../../common/contracts/marketing";
import { COURSES, findCourse } from "../../../common/marketing/courses";
import { AppError } from "../../errors";
import { COURSE_OUTLINES } from "./course-outlines";
import { canOpenCourse, universityAccess } from "./university.policy";

const CourseParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** What the viewer's tier opens in the University; outlines only for courses it opens. */
export async function universityRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/university/access", async (request, reply): Promise<UniversityAccessResponse> => {
    reply.header("cache-control", "private, no-store");
    const viewer = request.viewer;
    return {
      access: universityAccess(viewer),
      unlockedCourseIds: COURSES.filter((course) => canOpenCourse(viewer, course)).map((course) => course.id),
    };
  });

  app.get("/api/university/courses/:id/outline", async (request, reply): Promise<CourseOutlineResponse> => {
    reply.header("cache-control", "private, no-store");
    const { id } = CourseParamsSchema.parse(request.params);
    const course = findCourse(id);
    if (!course) throw new AppError("NOT_FOUND", "Course not found");
    if (!canOpenCourse(request.viewer, course)) {
      return reply.code(403).send({ locked: true, requiredTier: course.accessLevel, signedIn: request.viewer !== null });
    }
    return { locked: false, outline: { courseId: course.id, modules: COURSE_OUTLINES[course.id] ?? [] } };
  });
}
