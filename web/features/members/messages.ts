import type { DashboardEvent } from "../../../common/contracts/members";

/** Access labels of tiered content (spec 000 §6, videos; 001 §3 "Tiers on content"). */
export const ACCESS_LABELS: Record<DashboardEvent["tier"], string> = {
  all: "All Members",
  free: "All Members",
  inventor: "Inventor & Above",
  entrepreneur: "Entrepreneur & Above",
  "brand-ceo": "Brand CEO Only",
};

export const DASHBOARD_MESSAGES = {
  eventsEmpty: "No upcoming events for your membership yet. New sessions are announced here first.",
  eventsFailed: "We could not load your upcoming events. Please try again.",
} as const;
