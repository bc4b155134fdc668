import { asc, eq } from "drizzle-orm";
import { iso, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { courseLessons, courseModules, lessonProgress } from "./courses.table";

/** The lessons the member completed. */
export const UNIVERSITY_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "university",
  columns: {
    "lesson_progress.user_id": { action: "delete", how: "Course progress goes with the account." },
  },
  exportSections: [
    {
      key: "courseProgress",
      covers: ["lesson_progress.user_id"],
      async read({ db, userId }) {
        const rows = await db
          .select({ courseId: courseModules.courseId, lesson: courseLessons.title, completedAt: lessonProgress.completedAt })
          .from(lessonProgress)
          .innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
          .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
          .where(eq(lessonProgress.userId, userId))
          .orderBy(asc(lessonProgress.completedAt));
        return rows.map((row) => ({ course: row.courseId, lesson: row.lesson, completedAt: iso(row.completedAt) }));
      },
    },
  ],
};
