import { tierRank, type PaidTier, type Tier } from "../../common/tiers";

export interface PaidState {
  status: string;
  tier: PaidTier | null;
  pastDueSince: Date | null;
  paidTierUntil: Date | null;
  paidTierBefore: PaidTier | null;
}

/**
 * The tier a subscription grants (billing/README.md): active and trialing grant it; past_due keeps
 * it for the grace period; anything else grants nothing. A downgrade keeps the higher tier already
 * paid for until the end of that period.
 */
export function paidTier(state: PaidState | null, now: Date, graceDays: number): PaidTier | null {
  if (!state?.tier) return null;
  const inGrace = state.status === "past_due" && state.pastDueSince !== null && now.getTime() < state.pastDueSince.getTime() + graceDays * 86_400_000;
  if (state.status !== "active" && state.status !== "trialing" && !inGrace) return null;
  if (state.paidTierBefore && state.paidTierUntil && now < state.paidTierUntil) return higherTier(state.tier, state.paidTierBefore) as PaidTier;
  return state.tier;
}

/** What the member gets: the higher of what they pay for and what an admin granted by hand. */
export function effectiveTier(paid: PaidTier | null, override: PaidTier | null): Tier {
  return higherTier(paid ?? "free", override ?? "free");
}

function higherTier(a: Tier, b: Tier): Tier {
  return tierRank(a) >= tierRank(b) ? a : b;
}

/** When a past_due member loses their tier, for the update-your-card banner. */
export function graceEndsAt(state: Pick<PaidState, "status" | "pastDueSince">, graceDays: number): Date | null {
  if (state.status !== "past_due" || !state.pastDueSince) return null;
  return new Date(state.pastDueSince.getTime() + graceDays * 86_400_000);
}
