import { and, eq, isNotNull, lt, lte, or } from "drizzle-orm";
import { notifyBillingChanges } from "./billing-notifications";
import type { Logger } from "pino";
import type { PaidTier } from "../../common/tiers";
import { tierRank } from "../../common/tiers";
import { users } from "../auth/auth.table";
import { recordCompChange, recordSubscriptionChange } from "../features/revenue/record-events";
import type { ViewerResolver } from "../auth/viewer";
import type { Database } from "../db/client";
import { billingCustomers, subscriptions } from "./billing.table";
import type { CustomerLock } from "./customer-lock";
import { deleteExpiredHolds } from "./coupon-holds.service";
import type { BillingProvider, ProviderSubscription } from "./provider";
import { effectiveTier, paidTier } from "./tier.policy";
import { emitTierChange } from "../features/webhooks/webhook-sources";

export interface BillingDeps {
  db: Database;
  provider: BillingProvider;
  logger: Logger;
  viewers: ViewerResolver;
  graceDays: number;
  /** Serializes the syncs of one customer (customer-lock.ts). */
  lockCustomer: CustomerLock;
}

/**
 * The only writer of paid membership state: reads the customer's current subscription from the
 * provider and writes the subscription row and the member's tier. Safe to run for any event, twice,
 * in parallel or out of order: syncs of one customer run one at a time (read and write together), so
 * the last one always stores the provider's present truth. Events arriving while a sync waits to
 * begin share it (customer-lock.ts).
 */
export async function syncCustomer(deps: BillingDeps, customerId: string): Promise<"synced" | "unknown-customer"> {
  const { provider, logger } = deps;
  const [customer] = await deps.lockCustomer.database((db) => db.select().from(billingCustomers).where(eq(billingCustomers.customerId, customerId)));
  if (!customer) {
    logger.warn({ customerId }, "billing event for an unknown customer");
    return "unknown-customer";
  }
  // The read happens while this sync holds the customer, and no connection is held during it: a sync
  // that read older state can never write after one that read newer.
  await deps.lockCustomer.sync(customerId, async (commit) => {
    const current = await provider.currentSubscription(customerId);
    const tierByPrice = invert(await provider.prices());
    const now = new Date();
    await commit(async (tx) => {
      const [previous] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, customer.userId)).for("update");
      if (!current) {
        await tx.delete(subscriptions).where(eq(subscriptions.userId, customer.userId));
        await notifyBillingChanges(tx, customer.userId, previous, null);
        await recordSubscriptionChange(tx, { userId: customer.userId, previous, next: null, at: now });
      } else {
        const tier = current.priceId ? (tierByPrice.get(current.priceId) ?? null) : null;
        if (current.priceId && !tier) logger.error({ priceId: current.priceId, customerId }, "subscription on a price that maps to no tier");
        const row = {
          userId: customer.userId,
          provider: provider.kind,
          subscriptionId: current.id,
          status: current.status,
          priceId: current.priceId,
          tier,
          currentPeriodStart: current.currentPeriodStart,
          currentPeriodEnd: current.currentPeriodEnd,
          cancelAtPeriodEnd: current.cancelAtPeriodEnd,
          paymentMethodBrand: current.paymentMethod?.brand ?? null,
          paymentMethodLast4: current.paymentMethod?.last4 ?? null,
          pastDueSince: current.status === "past_due" ? (previous?.status === "past_due" && previous.pastDueSince ? previous.pastDueSince : now) : null,
          ...keptPaidTier(previous, current, tier, now),
          pendingPriceId: current.pendingChange?.priceId ?? null,
          pendingTier: current.pendingChange ? (tierByPrice.get(current.pendingChange.priceId) ?? null) : null,
          pendingChangeAt: current.pendingChange?.startsAt ?? null,
          unpaidAmountCents: current.unpaidInvoice?.amountCents ?? null,
          paymentAttempts: current.unpaidInvoice?.attempts ?? null,
          nextPaymentAttemptAt: current.unpaidInvoice?.nextAttemptAt ?? null,
          syncedAt: now,
        };
        await tx.insert(subscriptions).values(row).onConflictDoUpdate({ target: subscriptions.userId, set: row });
        await notifyBillingChanges(tx, customer.userId, previous, row);
        await recordSubscriptionChange(tx, { userId: customer.userId, previous, next: row, at: now });
      }
      await writeEffectiveTier(tx, customer.userId, now, deps.graceDays);
    });
  });
  deps.viewers.forgetUser(customer.userId);
  return "synced";
}

/** A price swapped down within a period (outside the app) keeps the higher tier until the period already paid for ends. */
function keptPaidTier(
  previous: typeof subscriptions.$inferSelect | undefined,
  current: ProviderSubscription,
  tier: PaidTier | null,
  now: Date,
): { paidTierBefore: PaidTier | null; paidTierUntil: Date | null } {
  if (previous && previous.subscriptionId === current.id && previous.paidTierUntil && previous.paidTierUntil > now) {
    return { paidTierBefore: previous.paidTierBefore, paidTierUntil: previous.paidTierUntil };
  }
  const downgraded = previous?.tier && tier && previous.subscriptionId === current.id && tierRank(tier) < tierRank(previous.tier);
  // Only a price swapped within the period paid for; a pending downgrade starting a new period is simply the new price.
  const samePeriod = previous?.currentPeriodEnd?.getTime() === current.currentPeriodEnd?.getTime();
  if (downgraded && samePeriod && previous.currentPeriodEnd && previous.currentPeriodEnd > now) {
    return { paidTierBefore: previous.tier, paidTierUntil: previous.currentPeriodEnd };
  }
  return { paidTierBefore: null, paidTierUntil: null };
}

/** Recomputes users.membership_tier from the subscription row and any admin override. */
export async function writeEffectiveTier(db: Database, userId: string, now: Date, graceDays: number): Promise<void> {
  const [state] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const [user] = await db.select({ tierOverride: users.tierOverride, until: users.tierOverrideUntil }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const override = user.until && user.until <= now ? null : user.tierOverride;
  const tier = effectiveTier(paidTier(state ?? null, now, graceDays), override);
  await emitTierChange(db, userId, tier);
  await db.update(users).set({ membershipTier: tier, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * What lapses with time and no event: a grace period running out, a downgrade's paid period
 * ending, a complimentary tier reaching its end date, coupon holds long expired (they stopped counting when they expired). Run periodically;
 * cheap when nothing is due. Returns the number of members whose tier was recomputed.
 */
export async function applyLapsedTiers(deps: Pick<BillingDeps, "db" | "viewers" | "graceDays">): Promise<number> {
  const now = new Date();
  await deleteExpiredHolds(deps.db, now);
  const graceStart = new Date(now.getTime() - deps.graceDays * 86_400_000);
  const due = await deps.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(or(and(eq(subscriptions.status, "past_due"), lt(subscriptions.pastDueSince, graceStart)), and(isNotNull(subscriptions.paidTierUntil), lt(subscriptions.paidTierUntil, now))))
    .union(deps.db.select({ userId: users.id }).from(users).where(lte(users.tierOverrideUntil, now)));
  for (const { userId } of due) {
    await deps.db.transaction(async (tx) => {
      await tx.update(subscriptions).set({ paidTierBefore: null, paidTierUntil: null }).where(and(eq(subscriptions.userId, userId), lt(subscriptions.paidTierUntil, now)));
      const lapsed = await tx.select({ tier: users.tierOverride }).from(users).where(and(eq(users.id, userId), lte(users.tierOverrideUntil, now))).for("update");
      if (lapsed[0]) {
        await tx.update(users).set({ tierOverride: null, tierOverrideUntil: null }).where(eq(users.id, userId));
        await recordCompChange(tx as unknown as Database, { userId, before: lapsed[0].tier, after: null, at: now });
      }
      await writeEffectiveTier(tx as unknown as Database, userId, now, deps.graceDays);
    });
    deps.viewers.forgetUser(userId);
  }
  return due.length;
}

function invert(prices: Record<PaidTier, string>): Map<string, PaidTier> {
  return new Map(Object.entries(prices).map(([tier, priceId]) => [priceId, tier as PaidTier]));
}
