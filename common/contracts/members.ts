import { z } from "zod";
import { TIERS } from "../tiers";

/** A dashboard "upcoming event" card: an upcoming mastermind session the viewer's tier may see there. */
export const DashboardEventSchema = z.object({
  /** The session's id, as a string. */
  id: z.string(),
  title: z.string(),
  /** "June 15, 2025 · 10:00 AM-12:00 PM ET": the session's date and its free-text time. */
  dateLabel: z.string(),
  description: z.string(),
  /** The session's tier (a content level; `free` is never sent). */
  tier: z.enum([...TIERS, "all"]),
});
export type DashboardEvent = z.infer<typeof DashboardEventSchema>;

/** GET /api/members/dashboard: at most three events, soonest first. */
export const DashboardResponseSchema = z.object({ events: z.array(DashboardEventSchema) });
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
