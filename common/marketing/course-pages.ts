import type { Course } from "./courses";
import type { PublicPage } from "./public-pages";

/** The head of a course page (/university/course/{id}): the server sends it, the web app sets the same. */
export function coursePublicPage(course: Course): PublicPage {
  return { path: `/university/course/${course.id}`, title: `${course.title} | University`, description: course.description };
}
