import { eq } from "drizzle-orm";
import type { ChangePlanBody, PlanChangePreview, PlanChangeResult } from "../../common/contracts/billing";
import { tierRank, type PaidTier } from "../../common/tiers";
import type { Viewer } from "../auth/viewer";
import { AppError } from "../errors";
import { billingCustomers, subscriptions } from "./billing.table";
import { LIVE_STATUSES } from "./provider";
import { syncCustomer, type BillingDeps } from "./sync";

/** A preview's price holds this long: confirming later prices the upgrade afresh. */
const QUOTE_VALID_MS = 15 * 60_000;

type Move = "keep" | "upgrade" | "downgrade";

async function liveSubscription(deps: BillingDeps, viewer: Viewer) {
  const [customer] = await deps.db.select().from(billingCustomers).where(eq(billingCustomers.userId, viewer.userId));
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, viewer.userId));
  if (!customer || !row || !LIVE_STATUSES.has(row.status) || !row.tier) throw new AppError("CONFLICT", "You have no active subscription to change.");
  return { customerId: customer.customerId, row, tier: row.tier };
}

/**
 * Choosing the plan paid for now is only a change while a downgrade is pending (it cancels it);
 * a higher plan is an upgrade now, a lower one a downgrade at the period end.
 */
function moveTo(plan: PaidTier, current: PaidTier, pending: PaidTier | null): Move {
  if (plan === current) {
    if (!pending) throw new AppError("CONFLICT", "You are already on this plan.");
    return "keep";
  }
  return tierRank(plan) > tierRank(current) ? "upgrade" : "downgrade";
}

/** What choosing `plan` would charge today (Stripe's upcoming-invoice preview; the same arithmetic locally). */
export async function previewPlanChange(deps: BillingDeps, viewer: Viewer, plan: PaidTier): Promise<PlanChangePreview> {
  const { row, tier } = await liveSubscription(deps, viewer);
  const move = moveTo(plan, tier, row.pendingTier);
  const at = new Date();
  const amountDueTodayCents = move === "upgrade" ? await deps.provider.previewUpgrade(row.subscriptionId, (await deps.provider.prices())[plan], at) : 0;
  return {
    plan,
    takesEffect: move === "downgrade" ? "period_end" : "now",
    amountDueTodayCents,
    prorationDate: at.toISOString(),
    changesAt: move === "downgrade" ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
    // An upgrade clears a cancellation at the period end (both providers set cancel_at_period_end false):
    // the member is told before confirming, with the day the subscription then renews.
    resumesAndRenewsAt: move === "upgrade" && row.cancelAtPeriodEnd ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
  };
}

/**
 * Upgrade: releases any pending downgrade and prorates from the price actually paid, from the
 * preview's moment when it is recent; a cancellation at the period end is undone (the preview says so). Downgrade: a pending change for the period end; the member
 * keeps the plan paid for until then. The current plan again: cancels the pending change, no charge.
 */
export async function changePlan(deps: BillingDeps, viewer: Viewer, { plan, prorationDate }: ChangePlanBody): Promise<PlanChangeResult> {
  const { customerId, row, tier } = await liveSubscription(deps, viewer);
  const move = moveTo(plan, tier, row.pendingTier);
  const priceId = (await deps.provider.prices())[plan];
  let chargedCents = 0;
  if (move === "keep") {
    await deps.provider.schedulePlanChange(row.subscriptionId, null);
  } else if (move === "downgrade") {
    await deps.provider.schedulePlanChange(row.subscriptionId, priceId);
  } else {
    const at = quotedMoment(prorationDate, row.currentPeriodStart);
    chargedCents = await deps.provider.previewUpgrade(row.subscriptionId, priceId, at);
    await deps.provider.upgradeNow(row.subscriptionId, priceId, at);
  }
  await syncCustomer(deps, customerId);
  return { takesEffect: move === "downgrade" ? "period_end" : "now", chargedCents };
}

/** The preview's moment when it is recent and inside this period; otherwise now. */
function quotedMoment(prorationDate: string | undefined, periodStart: Date | null): Date {
  const now = new Date();
  if (!prorationDate) return now;
  const quoted = new Date(prorationDate);
  const recent = quoted.getTime() <= now.getTime() && now.getTime() - quoted.getTime() <= QUOTE_VALID_MS;
  return recent && (!periodStart || quoted >= periodStart) ? quoted : now;
}
