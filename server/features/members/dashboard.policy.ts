import type { Tier } from "../../../common/tiers";

/** Who sees each dashboard event (spec 000 §6): the monthly session everyone, the workshop entrepreneur up, the retreat brand-ceo only. */
export const DASHBOARD_EVENT_AUDIENCE = {
  "monthly-mastermind": ["free", "inventor", "entrepreneur", "brand-ceo"],
  "market-testing-workshop": ["entrepreneur", "brand-ceo"],
  "vip-ceo-retreat": ["brand-ceo"],
} as const satisfies Record<string, readonly Tier[]>;

export type DashboardEventId = keyof typeof DASHBOARD_EVENT_AUDIENCE;

export function canSeeDashboardEvent(tier: Tier, eventId: DashboardEventId): boolean {
  return (DASHBOARD_EVENT_AUDIENCE[eventId] as readonly Tier[]).includes(tier);
}
