import type { PageState } from "../../../common/contracts/page-state";
import { COURSES, findCourse } from "../../../common/marketing/courses";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { readCourseOutline } from "./course-content.service";
import { canOpenCourse, universityAccess } from "./university.policy";

const COURSE_PAGE = /^\/university\/course\/([^/]+)$/;

/**
 * What /university and a course page show this visitor in their first render, exactly as
 * GET /api/university/access and the course's outline route answer them, so the server renders the
 * page as the browser will show it (no loading state that later shifts the page). Other pages: nothing.
 * `pagePath` is decoded, without query or trailing slash.
 */
export async function universityPageState(db: Database, viewer: Viewer | null, pagePath: string): Promise<Pick<PageState, "university">> {
  const courseId = COURSE_PAGE.exec(pagePath)?.[1];
  if (pagePath !== "/university" && courseId === undefined) return {};
  const access = {
    access: universityAccess(viewer),
    unlockedCourseIds: COURSES.filter((course) => canOpenCourse(viewer, course)).map((course) => course.id),
  };
  const course = courseId === undefined ? undefined : findCourse(courseId);
  // A locked course's page needs no outline: the access answer already says which plan opens it.
  if (!course || !canOpenCourse(viewer, course)) return { university: { access } };
  return { university: { access, outline: await readCourseOutline(db, viewer, course.id) } };
}
