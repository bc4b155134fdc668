import { Link } from "react-router";
import { GraduationCap, RefreshCw } from "lucide-react";
import { findCourse } from "../../../../common/marketing/courses";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../lib/paths";
import { useCourseProgress } from "../api";
import { UNIVERSITY_MESSAGES } from "../messages";
import { CourseProgressBar } from "./course-progress-bar";

/** The members dashboard's courses in progress: each with its bar and a link back in. */
export function YourCourses() {
  const progress = useCourseProgress();
  return (
    <section aria-labelledby="your-courses-heading" className="grid gap-4" data-testid="your-courses">
      <h2 id="your-courses-heading" className="text-lg font-semibold text-ink">
        {UNIVERSITY_MESSAGES.yourCourses}
      </h2>
      {progress.isPending ? (
        <Spinner label="Loading your courses" />
      ) : progress.isError ? (
        <div className="grid justify-items-start gap-3">
          <Alert variant="error">We could not load your courses. Please try again.</Alert>
          <Button variant="outline" size="sm" onClick={() => void progress.refetch()}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </div>
      ) : progress.data.courses.length === 0 ? (
        <EmptyState
          icon={GraduationCap}
          title={UNIVERSITY_MESSAGES.yourCoursesEmpty}
          action={
            <Button asChild variant="outline" size="sm">
              <Link to={paths.university}>{UNIVERSITY_MESSAGES.browseCourses}</Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {progress.data.courses.map((entry) => {
            const course = findCourse(entry.courseId);
            if (!course) return null;
            return (
              <li key={entry.courseId} className="grid gap-3 rounded-xl border border-border bg-surface p-5 shadow-card wrap-anywhere">
                <Link to={paths.course(course.id)} className="font-semibold text-ink hover:underline">
                  {course.title}
                </Link>
                <CourseProgressBar progress={entry} label={UNIVERSITY_MESSAGES.progressLabel(course.title)} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
