import { z } from "zod";
import { CONTENT_LEVELS, INVALID_URL_MESSAGE, MAX_SESSION_PARTICIPANTS, PARTICIPANTS_MESSAGE, requiredMessage } from "../content";
import { fieldError } from "../validation-messages";

const required = (field: string, max = 200) => z.string({ error: requiredMessage(field) }).trim().min(1, requiredMessage(field)).max(max, `${field} is too long`);
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value), INVALID_URL_MESSAGE);

/** Whether `value` is an https address a browser can open: a join link never downgrades to http. */
export function isHttpsUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Whether a location holds a web address: locations are public, so links belong in the join link. */
export const holdsLink = (value: string) => /https?:\/\/|www\./i.test(value);

/** Refusals of the sessions endpoints and the session form's errors. */
export const SESSION_MESSAGES = {
  notFound: "Session not found",
  notInPlan: "Your membership does not include this session.",
  rsvpClosed: "This session has already taken place, so RSVPs are closed.",
  joinUrlInvalid: "Please enter a valid join link starting with https://",
  locationHasLink: "Links go in Join link: the location is shown to everyone",
} as const;

/** A person who said they are coming to a session. */
export const AttendeeSchema = z.object({ id: z.string(), name: z.string() });
export type Attendee = z.infer<typeof AttendeeSchema>;

/** A mastermind session as a member sees it (spec 000 §3, 001 §3). */
export const MastermindSessionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Calendar day, YYYY-MM-DD. */
  date: z.string(),
  /** Free text such as "10:00 AM-12:00 PM ET". */
  time: z.string(),
  location: z.string(),
  description: z.string(),
  facilitator: z.string(),
  participants: z.number().int(),
  tier: z.enum(CONTENT_LEVELS),
  isPast: z.boolean(),
  /** Only past sessions carry one. */
  recordingUrl: z.string().nullable(),
  /**
   * The call's address: only upcoming sessions, only for viewers whose tier admits the session (and
   * admins). Never in public answers, search or lower tiers' calendars.
   */
  joinUrl: z.string().nullable(),
  attendees: z.array(AttendeeSchema),
  /** Whether the viewer has RSVPed. */
  going: z.boolean(),
});
export type MastermindSession = z.infer<typeof MastermindSessionSchema>;

/** GET /api/members/sessions and GET /api/admin/sessions: upcoming by date ascending, then past. */
export const SessionsResponseSchema = z.object({
  upcoming: z.array(MastermindSessionSchema),
  past: z.array(MastermindSessionSchema),
});
export type SessionsResponse = z.infer<typeof SessionsResponseSchema>;


/** POST /api/admin/sessions and PUT /api/admin/sessions/:id (spec 001 §5: every field but the recording required). */
export const SessionInputSchema = z
  .object({
    title: required("Title"),
    date: z.iso.date({ error: fieldError("Date") }),
    time: required("Time", 100),
    location: required("Location").refine((value) => !holdsLink(value), SESSION_MESSAGES.locationHasLink),
    description: required("Description", 5000),
    tier: z.enum(CONTENT_LEVELS, { error: fieldError("Tier") }),
    facilitator: z.string().trim().max(200, "Facilitator is too long").default(""),
    participants: z.number({ error: PARTICIPANTS_MESSAGE }).int(PARTICIPANTS_MESSAGE).min(0, PARTICIPANTS_MESSAGE).max(MAX_SESSION_PARTICIPANTS, PARTICIPANTS_MESSAGE).default(0),
    isPast: z.boolean().default(false),
    recordingUrl: httpUrl.or(z.literal("")).nullish(),
    joinUrl: z.string().trim().max(2000, SESSION_MESSAGES.joinUrlInvalid).refine((value) => value === "" || isHttpsUrl(value), SESSION_MESSAGES.joinUrlInvalid).nullish(),
  })
  .transform((input) => ({
    ...input,
    recordingUrl: input.isPast && input.recordingUrl ? input.recordingUrl : null,
    // A join link belongs to upcoming sessions only; ticking Past drops it.
    joinUrl: !input.isPast && input.joinUrl ? input.joinUrl : null,
  }));
export type SessionInput = z.input<typeof SessionInputSchema>;
/** A validated session as the server stores it. */
export type SessionValues = z.output<typeof SessionInputSchema>;

/** POST/DELETE /api/members/sessions/:id/rsvp answer. */
export const RsvpResponseSchema = z.object({ going: z.boolean(), attendees: z.array(AttendeeSchema) });
export type RsvpResponse = z.infer<typeof RsvpResponseSchema>;
