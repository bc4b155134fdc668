import { Link, useParams } from "react-router";
import { ArrowLeft, ArrowRight, CheckCircle2, Circle, Download, Lock } from "lucide-react";
import { lessonLockedMessage, type Lesson } from "../../../common/contracts/courses";
import { findCourse, type Course } from "../../../common/marketing/courses";
import { PLANS } from "../../../common/tiers";
import { Section } from "../../components/layout/section";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { VideoEmbed } from "../../components/ui/video-embed";
import { useAuthModal } from "../../features/auth/auth-modal-context";
import { useViewer } from "../../features/session/api";
import { useLesson, useMarkLesson, useUniversityAccess } from "../../features/university/api";
import { CourseProgressBar } from "../../features/university/components/course-progress-bar";
import { UNIVERSITY_MESSAGES } from "../../features/university/messages";
import { ApiError } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { usePageMeta } from "../../lib/use-page-meta";
import { youtubeThumbnailUrl } from "../../../common/content";

function LessonMedia({ lesson }: { lesson: Lesson }) {
  const media = lesson.media;
  if (lesson.kind === "text") return null;
  if (!media) return <Alert>{UNIVERSITY_MESSAGES.noMedia}</Alert>;
  if (media.type === "youtube") return <VideoEmbed youtubeId={media.youtubeId} title={lesson.title} poster={youtubeThumbnailUrl(media.youtubeId)} />;
  if (media.type === "video") {
    return <video controls preload="metadata" src={media.url} className="aspect-video w-full rounded-xl bg-navy-950" data-testid="lesson-video" />;
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface p-5 shadow-card">
      <span className="font-medium text-ink wrap-anywhere">{media.name}</span>
      <Button asChild>
        <a href={media.url} download aria-label={`${UNIVERSITY_MESSAGES.download}: ${media.name}`}>
          <Download aria-hidden />
          {UNIVERSITY_MESSAGES.download}
        </a>
      </Button>
    </div>
  );
}

function MarkDone({ lesson }: { lesson: Lesson }) {
  const mark = useMarkLesson(lesson.id);
  return (
    <div className="grid gap-2">
      <Button
        size="lg"
        variant={lesson.completed ? "outline" : "primary"}
        aria-pressed={lesson.completed}
        disabled={mark.isPending}
        onClick={() => mark.mutate(!lesson.completed)}
      >
        {lesson.completed ? <CheckCircle2 aria-hidden className="text-success" /> : <Circle aria-hidden />}
        {lesson.completed ? UNIVERSITY_MESSAGES.markedDone : UNIVERSITY_MESSAGES.markDone}
      </Button>
      {mark.isError ? <Alert variant="error">{UNIVERSITY_MESSAGES.markFailed}</Alert> : null}
    </div>
  );
}

function LessonBody({ course, lesson }: { course: Course; lesson: Lesson }) {
  usePageMeta({ title: `${lesson.title} | ${course.title}`, description: `${lesson.moduleTitle}: ${lesson.title}` });
  return (
    <article className="grid gap-6" data-testid="lesson">
      <header className="grid gap-1">
        <p className="text-xs font-semibold tracking-wider wrap-anywhere text-brass-700 uppercase">{lesson.moduleTitle}</p>
        <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-ink sm:text-3xl">{lesson.title}</h1>
        <p className="text-sm text-muted">{lesson.minutes} min</p>
      </header>
      <LessonMedia lesson={lesson} />
      {lesson.body ? (
        <div className="grid gap-4 text-base leading-relaxed text-ink wrap-anywhere">
          {lesson.body.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      ) : null}
      <div className="grid gap-4 rounded-xl border border-border bg-surface p-5 shadow-card sm:grid-cols-[1fr_auto] sm:items-center">
        <CourseProgressBar progress={lesson.progress} label={UNIVERSITY_MESSAGES.progressLabel(course.title)} />
        <MarkDone lesson={lesson} />
      </div>
      <nav aria-label="Lessons" className="flex flex-wrap justify-between gap-3">
        {lesson.previousLessonId ? (
          <Button asChild variant="outline">
            <Link to={paths.lesson(course.id, lesson.previousLessonId)}>
              <ArrowLeft aria-hidden />
              {UNIVERSITY_MESSAGES.previous}
            </Link>
          </Button>
        ) : (
          <span />
        )}
        {lesson.nextLessonId ? (
          <Button asChild>
            <Link to={paths.lesson(course.id, lesson.nextLessonId)}>
              {UNIVERSITY_MESSAGES.next}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        ) : null}
      </nav>
    </article>
  );
}

/** Signed out, or the plan does not open the course: what it takes, never the lesson. */
function LessonLocked({ course, signedIn, message }: { course: Course; signedIn: boolean; message: string }) {
  const { openAuthModal } = useAuthModal();
  return (
    <div className="rounded-xl border border-brass-200 bg-brass-50 p-6 sm:p-8" data-testid="lesson-locked">
      <Lock className="size-6 text-brass-700" aria-hidden />
      <h1 className="mt-3 text-xl font-semibold text-ink">{UNIVERSITY_MESSAGES.requires(PLANS[course.accessLevel].name)}</h1>
      <p className="mt-2 text-ink">{message}</p>
      <div className="mt-6">
        {signedIn ? (
          <Button asChild size="lg">
            <Link to={paths.checkout(course.accessLevel)}>Upgrade</Link>
          </Button>
        ) : (
          <Button size="lg" onClick={() => openAuthModal("login")}>
            Log in
          </Button>
        )}
      </div>
    </div>
  );
}

function LessonState({ course, lessonId }: { course: Course; lessonId: number }) {
  const viewer = useViewer();
  const access = useUniversityAccess();
  const isUnlocked = access.data?.unlockedCourseIds.includes(course.id) ?? false;
  const lesson = useLesson(course.id, lessonId, isUnlocked);
  const lockedMessage = lessonLockedMessage(PLANS[course.accessLevel].name);
  if (viewer.isPending || (viewer.data && (access.isPending || (isUnlocked && lesson.isPending)))) return <Spinner className="size-8 border-3" label="Loading the lesson" />;
  if (!viewer.data) return <LessonLocked course={course} signedIn={false} message="Log in to take this lesson." />;
  // The course's plan, known before any lesson is asked for; a 403 still means the same (a plan changed meanwhile).
  if ((access.data && !isUnlocked) || (lesson.error instanceof ApiError && lesson.error.status === 403)) return <LessonLocked course={course} signedIn message={lockedMessage} />;
  if (lesson.error instanceof ApiError && lesson.error.status === 404) return <Alert variant="error">{UNIVERSITY_MESSAGES.lessonNotFound}</Alert>;
  if (access.isError || lesson.isError || !lesson.data) {
    return (
      <div className="grid justify-items-start gap-3">
        <Alert variant="error" className="w-full">
          {UNIVERSITY_MESSAGES.lessonFailed}
        </Alert>
        <Button variant="outline" onClick={() => void (access.isError ? access.refetch() : lesson.refetch())}>
          Try again
        </Button>
      </div>
    );
  }
  return <LessonBody course={course} lesson={lesson.data} />;
}

/** /university/course/{id}/lesson/{lessonId}: one lesson for a member whose plan opens the course. */
export default function LessonPage() {
  const { id, lessonId } = useParams();
  const course = id ? findCourse(id) : undefined;
  return (
    <Section className="grid max-w-3xl gap-6">
      {course ? (
        <>
          <Link to={paths.course(course.id)} className="inline-flex items-center gap-1.5 text-sm font-semibold text-navy-700 hover:underline">
            <ArrowLeft className="size-4" aria-hidden />
            {course.title}
          </Link>
          <LessonState key={lessonId} course={course} lessonId={Number(lessonId)} />
        </>
      ) : (
        <Alert variant="error">{UNIVERSITY_MESSAGES.lessonNotFound}</Alert>
      )}
    </Section>
  );
}
