import { PLANS, type PaidTier } from "../../../common/tiers";
import type { subscriptions } from "../../billing/billing.table";

export const STANDING_STATES = ["none", "trialing", "active", "past_due", "paused", "cancelled"] as const;
export type StandingState = (typeof STANDING_STATES)[number];

/** The states in which a subscription counts in MRR: past_due still owes its payment until it is cancelled. */
export const PAYING_STATES: readonly StandingState[] = ["active", "past_due"];

export interface Standing {
  state: StandingState;
  tier: PaidTier | null;
  /** What the subscription brings in per month now; 0 unless paying. */
  mrrCents: number;
}

/** What of a subscription row decides its standing. */
export type StandingRow = Pick<typeof subscriptions.$inferSelect, "status" | "tier">;

/**
 * The one place a subscription row is classified for the revenue figures. Billing's new fields
 * (interval and price amount for yearly plans, a pause) extend this function and nothing else:
 * a yearly price counts amount / 12 in `monthlyCents`.
 */
export function standingOf(row: StandingRow | null | undefined): Standing {
  if (!row) return { state: "none", tier: null, mrrCents: 0 };
  const state = stateOf(row.status);
  const tier = row.tier;
  return { state, tier, mrrCents: tier && PAYING_STATES.includes(state) ? monthlyCents(tier) : 0 };
}

function stateOf(status: string): StandingState {
  switch (status) {
    case "active":
      return "active";
    case "trialing":
      return "trialing";
    case "past_due":
      return "past_due";
    case "paused":
      return "paused";
    // Never paid: a checkout whose first payment did not go through.
    case "incomplete":
      return "none";
    default:
      return "cancelled";
  }
}

/** The monthly price of the tier as paid now. Yearly plans: the row's amount / 12. */
function monthlyCents(tier: PaidTier): number {
  return PLANS[tier].priceCents;
}
