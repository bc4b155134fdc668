import { Link, useParams } from "react-router";
import { ArrowLeft, CheckCircle2, Clock, Download, FileText, Layers, Lock, PlayCircle, UserRound } from "lucide-react";
import type { CourseOutline } from "../../../common/contracts/marketing";
import { coursePublicPage } from "../../../common/marketing/course-pages";
import { findCourse, type Course } from "../../../common/marketing/courses";
import { PLANS, type PaidTier } from "../../../common/tiers";
import { PageBanner } from "../../components/layout/page-banner";
import { Section } from "../../components/layout/section";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useAuthModal } from "../../features/auth/auth-modal-context";
import { useViewer } from "../../features/session/api";
import { useCourseOutline, useUniversityAccess } from "../../features/university/api";
import { CourseProgressBar } from "../../features/university/components/course-progress-bar";
import { PLANS_OPENING, UNIVERSITY_MESSAGES } from "../../features/university/messages";
import { cn } from "../../lib/cn";
import { paths } from "../../lib/paths";
import { usePageMeta } from "../../lib/use-page-meta";

function CourseNotFound() {
  usePageMeta({ title: "Course not found | University", description: "This course is not in the University catalogue." });
  return (
    <Section className="max-w-2xl text-center">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Course not found</h1>
      <p className="mt-4 text-lg text-muted">This course is not in our catalogue. It may have been renamed or retired.</p>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.university}>Browse all courses</Link>
      </Button>
    </Section>
  );
}

const LESSON_ICONS = { video: PlayCircle, text: FileText, file: Download } as const;

/** The modules and lessons; each lesson opens its page, and the ones the member finished carry a check. */
function OutlineList({ course, outline }: { course: Course; outline: CourseOutline }) {
  return (
    <div className="grid gap-4">
      <CourseProgressBar progress={outline.progress} label={UNIVERSITY_MESSAGES.progressLabel(course.title)} className="rounded-xl border border-border bg-surface p-5 shadow-card" />
      <ol className="grid gap-4" data-testid="course-outline">
        {outline.modules.map((module, index) => (
          <li key={module.id} className="rounded-xl border border-border bg-surface p-5 shadow-card wrap-anywhere">
            <h3 className="font-semibold text-ink">
              <span className="mr-2 text-brass-700">Module {index + 1}</span>
              {module.title}
            </h3>
            <ul className="mt-3 grid gap-1">
              {module.lessons.map((lesson) => {
                const Icon = lesson.completed ? CheckCircle2 : LESSON_ICONS[lesson.kind];
                return (
                  <li key={lesson.id}>
                    <Link
                      to={paths.lesson(course.id, lesson.id)}
                      className="-mx-2 flex items-start justify-between gap-4 rounded-md px-2 py-1.5 text-sm hover:bg-navy-50"
                      data-completed={lesson.completed}
                    >
                      <span className="flex min-w-0 items-start gap-2 text-ink">
                        <Icon className={cn("mt-0.5 size-4 shrink-0", lesson.completed ? "text-success" : "text-navy-500")} aria-hidden />
                        {lesson.title}
                        {lesson.completed ? <span className="sr-only"> (done)</span> : null}
                      </span>
                      <span className="shrink-0 text-muted">{lesson.minutes} min</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Locked: the plan the course needs, and Upgrade (log in first when signed out, else checkout). */
function LockedOutline({ course, requiredTier, signedIn }: { course: Course; requiredTier: PaidTier; signedIn: boolean }) {
  const { openAuthModal } = useAuthModal();
  const planName = PLANS[requiredTier].name;
  return (
    <div className="rounded-xl border border-brass-200 bg-brass-50 p-6 sm:p-8" data-testid="course-locked">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brass-100 text-brass-700">
        <Lock className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-ink">{UNIVERSITY_MESSAGES.requires(planName)}</h2>
      <p className="mt-2 text-ink">
        {UNIVERSITY_MESSAGES.outlineLocked(planName)} Its {course.modules} modules are open to members on the{" "}
        {PLANS_OPENING[requiredTier]} plan.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {signedIn ? (
          <Button asChild size="lg">
            <Link to={paths.checkout(requiredTier)}>Upgrade</Link>
          </Button>
        ) : (
          <Button size="lg" onClick={() => openAuthModal("login")}>
            Upgrade
          </Button>
        )}
        <Button asChild size="lg" variant="outline">
          <Link to={paths.pricingPage}>Compare plans</Link>
        </Button>
      </div>
      {signedIn ? null : <p className="mt-4 text-sm text-muted">Log in or create a free account first, then choose your plan.</p>}
    </div>
  );
}

function CourseDetails({ course }: { course: Course }) {
  usePageMeta(coursePublicPage(course));
  const viewer = useViewer();
  const access = useUniversityAccess();
  const isUnlocked = access.data?.unlockedCourseIds.includes(course.id) ?? false;
  const outline = useCourseOutline(course.id, isUnlocked);
  const isLoading = access.isPending || (isUnlocked && outline.isPending);
  const locked = access.data && !isUnlocked ? { requiredTier: course.accessLevel, signedIn: Boolean(viewer.data) } : outline.data?.locked ? outline.data : null;

  return (
    <>
      <PageBanner
        eyebrow={`University · ${course.level}`}
        title={course.title}
        lead={<p>{course.description}</p>}
        aside={<img src={course.image} alt="" width={640} height={360} className="aspect-video w-full rounded-xl object-cover shadow-pop" />}
      />
      <Section className="grid gap-10 lg:grid-cols-[1fr_20rem] lg:items-start">
        <div className="grid gap-6">
          <Link to={paths.university} className="inline-flex items-center gap-1.5 text-sm font-semibold text-navy-700 hover:underline">
            <ArrowLeft className="size-4" aria-hidden />
            All courses
          </Link>
          <h2 className="text-2xl font-bold tracking-tight text-ink">Course outline</h2>
          {isLoading ? <Spinner label="Loading the course outline" /> : null}
          {access.isError || outline.isError ? <Alert variant="error">We could not load this course's outline. Please try again in a moment.</Alert> : null}
          {outline.data && !outline.data.locked ? <OutlineList course={course} outline={outline.data.outline} /> : null}
          {locked ? <LockedOutline course={course} requiredTier={locked.requiredTier} signedIn={locked.signedIn || Boolean(viewer.data)} /> : null}
        </div>
        <aside aria-label="Course details" className="rounded-xl border border-border bg-surface p-6 shadow-card lg:sticky lg:top-24">
          <h2 className="font-semibold text-ink">At a glance</h2>
          <dl className="mt-4 grid gap-4 text-sm">
            <div className="flex items-center gap-3">
              <dt>
                <Clock className="size-5 text-navy-500" aria-hidden />
                <span className="sr-only">Duration</span>
              </dt>
              <dd className="text-ink">{course.duration}</dd>
            </div>
            <div className="flex items-center gap-3">
              <dt>
                <Layers className="size-5 text-navy-500" aria-hidden />
                <span className="sr-only">Modules</span>
              </dt>
              <dd className="text-ink">{course.modules} modules</dd>
            </div>
            <div className="flex items-center gap-3">
              <dt>
                <UserRound className="size-5 text-navy-500" aria-hidden />
                <span className="sr-only">Instructor</span>
              </dt>
              <dd className="text-ink">{course.instructor}</dd>
            </div>
            <div className="flex items-center gap-3">
              <dt>
                <Lock className="size-5 text-navy-500" aria-hidden />
                <span className="sr-only">Included with</span>
              </dt>
              <dd className="text-ink">Included with {PLANS_OPENING[course.accessLevel]}</dd>
            </div>
          </dl>
        </aside>
      </Section>
    </>
  );
}

/** /university/course/{id}: the course's catalogue entry always, its outline when the viewer's plan opens it. */
export default function CoursePage() {
  const { id } = useParams();
  const course = id ? findCourse(id) : undefined;
  if (!course) return <CourseNotFound />;
  return <CourseDetails key={course.id} course={course} />;
}
