import { z } from "zod";
import { TIERS } from "../tiers";

/** A dashboard "upcoming event" card; the server sends only the ones the viewer's tier may see. */
export const DashboardEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  dateLabel: z.string(),
  description: z.string(),
  tier: z.enum([...TIERS, "all"]),
});
export type DashboardEvent = z.infer<typeof DashboardEventSchema>;

export const DashboardResponseSchema = z.object({ events: z.array(DashboardEventSchema) });
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
