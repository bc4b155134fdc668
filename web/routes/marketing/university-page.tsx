import { Link } from "react-router";
import { COURSES, PREMIUM_TEASER_COURSE_IDS, type Course } from "../../../common/marketing/courses";
import { CtaBand } from "../../components/layout/cta-band";
import { PageBanner } from "../../components/layout/page-banner";
import { Section, SectionHeading } from "../../components/layout/section";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { useUniversityAccess } from "../../features/university/api";
import { AccessNotice } from "../../features/university/components/access-notice";
import { CourseCard, type CourseLockState } from "../../features/university/components/course-card";
import { UniversityStats } from "../../features/university/components/university-stats";
import { UNIVERSITY_MESSAGES } from "../../features/university/messages";
import { paths } from "../../lib/paths";
import { usePublicPageMeta } from "../../lib/use-page-meta";

const STARTER_COURSES = COURSES.filter((course) => course.accessLevel === "inventor");
const TEASER_COURSES = PREMIUM_TEASER_COURSE_IDS.map((id) => COURSES.find((course) => course.id === id)).filter(
  (course): course is Course => course !== undefined,
);

function CourseGrid({ courses, lockOf }: { courses: Course[]; lockOf: (course: Course) => CourseLockState }) {
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course) => (
        <li key={course.id}>
          <CourseCard course={course} lock={lockOf(course)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /university (spec 000 §2, §6): the catalogue with locks from the server's access answer. Full access
 * lists every course; anyone else sees the inventor courses, the premium teaser and an upgrade prompt.
 */
export default function UniversityPage() {
  usePublicPageMeta(paths.university);
  const access = useUniversityAccess();
  const unlocked = new Set(access.data?.unlockedCourseIds ?? []);
  const lockOf = (course: Course): CourseLockState => (access.data ? (unlocked.has(course.id) ? "unlocked" : "locked") : "unknown");
  const isFull = access.data?.access === "full";

  return (
    <>
      <PageBanner
        eyebrow="Learn from people who have launched"
        title="University"
        lead={
          <p>
            Eight courses that follow a product from idea to scale: validation and patents, prototyping, manufacturing,
            Amazon, retail, funding and growing a brand. Taught by inventors, buyers and operators who have done the work.
          </p>
        }
      />

      <Section className="grid gap-10" labelledBy="university-access-heading">
        <h2 id="university-access-heading" className="sr-only">
          Your access
        </h2>
        {access.isError ? (
          <Alert variant="error">
            {UNIVERSITY_MESSAGES.accessFailed}{" "}
            <Button variant="link" onClick={() => void access.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {access.data ? <AccessNotice access={access.data.access} /> : <div className="h-24 animate-pulse rounded-xl bg-navy-50" aria-hidden />}
        <UniversityStats access={access.data?.access} />
      </Section>

      {isFull ? (
        <Section tone="surface" labelledBy="all-courses-heading">
          <SectionHeading id="all-courses-heading" eyebrow="Your library" title="All courses" />
          <CourseGrid courses={COURSES} lockOf={lockOf} />
        </Section>
      ) : (
        <>
          <Section tone="surface" labelledBy="starter-courses-heading">
            <SectionHeading
              id="starter-courses-heading"
              eyebrow="Included with Inventor"
              title="Starter courses"
              lead="Validate your idea and protect it before you spend on tooling."
            />
            <CourseGrid courses={STARTER_COURSES} lockOf={lockOf} />
          </Section>
          <Section labelledBy="premium-courses-heading" className="pb-4 sm:pb-6">
            <SectionHeading
              id="premium-courses-heading"
              eyebrow="Entrepreneur and Brand CEO"
              title="Premium courses"
              lead={
                <p>
                  A taste of the six premium courses, from factory quotes to retail line reviews.{" "}
                  <Link to={paths.pricingPage} className="font-semibold text-navy-700 underline underline-offset-4">
                    Upgrade to open all of them
                  </Link>
                  .
                </p>
              }
            />
            <CourseGrid courses={TEASER_COURSES} lockOf={lockOf} />
          </Section>
        </>
      )}

      <CtaBand
        headingId="university-cta-heading"
        title="Learning is faster with people beside you"
        text="Every course comes with live workshops and a community that has already faced the problem you are stuck on."
        actions={
          <Button asChild size="lg" variant="accent">
            <Link to={paths.pricingPage}>See membership plans</Link>
          </Button>
        }
      />
    </>
  );
}
