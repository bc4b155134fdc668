import { Link } from "react-router";
import { ArrowRight, Clock, Layers, Lock, LockOpen } from "lucide-react";
import type { Course } from "../../../../common/marketing/courses";
import { PLANS } from "../../../../common/tiers";
import { Badge } from "../../../components/ui/badge";
import { paths } from "../../../lib/paths";
import { UNIVERSITY_MESSAGES } from "../messages";

export type CourseLockState = "unlocked" | "locked" | "unknown";

type CourseCardProps = { course: Course; lock: CourseLockState; headingLevel?: "h3" | "h4" };

/** A course in the catalogue: picture, level, length, instructor and whether the viewer's plan opens it. */
export function CourseCard({ course, lock, headingLevel = "h3" }: CourseCardProps) {
  const Heading = headingLevel;
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-card transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-pop"
      data-testid={`course-${course.id}`}
      data-lock={lock}
    >
      <div className="relative">
        <img src={course.image} alt="" width={640} height={360} loading="lazy" className="aspect-video w-full bg-navy-50 object-cover" />
        {lock === "locked" ? (
          <span className="absolute inset-0 flex items-center justify-center bg-navy-950/55">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-surface text-navy-800 shadow-pop">
              <Lock className="size-5" aria-hidden />
            </span>
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{course.level}</Badge>
          {lock === "locked" ? (
            <Badge variant="accent">
              <Lock className="size-3" aria-hidden />
              {UNIVERSITY_MESSAGES.requires(PLANS[course.accessLevel].name)}
            </Badge>
          ) : null}
          {lock === "unlocked" ? (
            <Badge variant="success">
              <LockOpen className="size-3" aria-hidden />
              {UNIVERSITY_MESSAGES.included}
            </Badge>
          ) : null}
        </div>
        <Heading className="mt-3 text-lg leading-snug font-semibold text-ink">
          <Link to={paths.course(course.id)} className="after:absolute after:inset-0 focus-visible:outline-none">
            {course.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-muted">{course.description}</p>
        <dl className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <div className="flex items-center gap-1.5">
            <dt>
              <Clock className="size-4" aria-hidden />
              <span className="sr-only">Duration</span>
            </dt>
            <dd>{course.duration}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <Layers className="size-4" aria-hidden />
              <span className="sr-only">Modules</span>
            </dt>
            <dd>{course.modules} modules</dd>
          </div>
        </dl>
        <p className="mt-1 text-sm text-muted">
          <span className="sr-only">Instructor: </span>
          {course.instructor}
        </p>
        <p className="mt-auto flex items-center gap-1 pt-5 text-sm font-semibold text-navy-700 group-hover:underline" aria-hidden>
          View course
          <ArrowRight className="size-4" />
        </p>
      </div>
    </article>
  );
}
