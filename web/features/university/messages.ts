import type { PaidTier } from "../../../common/tiers";

/** Texts of the University pages that are not course content. */
export const UNIVERSITY_MESSAGES = {
  accessFailed: "We could not check which courses your plan opens. Please try again.",
  noneTitle: "Unlock the University",
  noneText: "Courses come with a paid membership: the Inventor plan opens two starter courses, Entrepreneur and Brand CEO open all eight.",
  limitedTitle: "Your Inventor plan includes 2 courses",
  limitedText: "Upgrade to Entrepreneur or Brand CEO to open every course, the live workshops and 1:1 mentor sessions.",
  fullTitle: "You have full access",
  fullText: "Every course in the University is open to you. Pick up where you left off or start something new.",
  requires: (planName: string) => `Requires ${planName}`,
  included: "Included in your plan",
  outlineLocked: (planName: string) => `The full outline opens with the ${planName} plan.`,
  lessonsDone: (completed: number, total: number) => `${completed} of ${total} ${total === 1 ? "lesson" : "lessons"} done`,
  progressLabel: (courseTitle: string) => `Your progress in ${courseTitle}`,
  markDone: "Mark as done",
  markedDone: "Done",
  markNotDone: "Mark as not done",
  markFailed: "We could not save your progress. Please try again.",
  lessonFailed: "We could not load this lesson. Please try again in a moment.",
  lessonNotFound: "This lesson is not in the course any more. It may have been moved or removed.",
  noMedia: "The file for this lesson is being replaced. Please check back soon.",
  previous: "Previous lesson",
  next: "Next lesson",
  backToCourse: "Back to the course",
  download: "Download",
  yourCourses: "Your courses",
  yourCoursesEmpty: "Start a course in the University and your progress shows here.",
  browseCourses: "Browse courses",
  continueCourse: "Continue",
} as const;

/** Which plans open a course of this access level (tier order). */
export const PLANS_OPENING: Record<PaidTier, string> = {
  inventor: "Inventor, Entrepreneur or Brand CEO",
  entrepreneur: "Entrepreneur or Brand CEO",
  "brand-ceo": "Brand CEO",
};
