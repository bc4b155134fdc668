import { z } from "zod";
import { CONTENT_LEVELS } from "../content";
import { PAID_TIERS } from "../tiers";
import { CourseModuleSchema, CourseProgressSchema } from "./courses";

/** A "Latest News" item as the server hands it over: description already sanitized HTML. */
export const NewsItemSchema = z.object({
  title: z.string(),
  link: z.string(),
  /** US long date ("June 20, 2025") or the feed's raw text when it does not parse; "Unknown Date" when absent. */
  date: z.string(),
  descriptionHtml: z.string(),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

/** `failed` true means the feed could not be loaded: `items` then holds the spec's three samples. */
export const NewsResponseSchema = z.object({ items: z.array(NewsItemSchema), failed: z.boolean() });
export type NewsResponse = z.infer<typeof NewsResponseSchema>;

export const NEWS_MESSAGES = { failed: "Failed to load news. Please try again later." } as const;

/** A course's modules and lessons with the viewer's progress: only sent to viewers whose tier unlocks the course. */
export const CourseOutlineSchema = z.object({
  courseId: z.string(),
  modules: z.array(CourseModuleSchema),
  progress: CourseProgressSchema,
});
export type CourseOutline = z.infer<typeof CourseOutlineSchema>;

/** Answer of GET /api/university/courses/:id/outline: the outline, or why it is locked. */
export const CourseOutlineResponseSchema = z.discriminatedUnion("locked", [
  z.object({ locked: z.literal(false), outline: CourseOutlineSchema }),
  z.object({ locked: z.literal(true), requiredTier: z.enum(PAID_TIERS), signedIn: z.boolean() }),
]);
export type CourseOutlineResponse = z.infer<typeof CourseOutlineResponseSchema>;

/**
 * A session on the public Masterminds page: everyone sees the programme; `canAccess` and
 * `recordingUrl` follow the members' session rule, so a recording only reaches viewers allowed to watch it.
 */
export const PublicMastermindSessionSchema = z.object({
  /** The session's id (as in the members area), as a string. */
  id: z.string(),
  title: z.string(),
  /** US long date, "June 15, 2025". */
  date: z.string(),
  time: z.string(),
  location: z.string(),
  description: z.string(),
  facilitator: z.string(),
  participants: z.number().int(),
  tier: z.enum(CONTENT_LEVELS),
  isPast: z.boolean(),
  hasRecording: z.boolean(),
  recordingUrl: z.string().nullable(),
  canAccess: z.boolean(),
  /** Whether the host has set a join link (the link itself only ever shows in the members area). */
  hasJoinLink: z.boolean(),
});
export type PublicMastermindSession = z.infer<typeof PublicMastermindSessionSchema>;

export const PublicMastermindsResponseSchema = z.object({
  /** Whether the viewer's tier opens the Masterminds programme at all (entrepreneur and brand-ceo). */
  hasAccess: z.boolean(),
  upcoming: z.array(PublicMastermindSessionSchema),
  past: z.array(PublicMastermindSessionSchema),
});
export type PublicMastermindsResponse = z.infer<typeof PublicMastermindsResponseSchema>;

/** Answer of GET /api/university/access: how much of the University the viewer's tier opens (spec 000 §6). */
export const UniversityAccessResponseSchema = z.object({
  access: z.enum(["full", "limited", "none"]),
  unlockedCourseIds: z.array(z.string()),
});
export type UniversityAccessResponse = z.infer<typeof UniversityAccessResponseSchema>;
