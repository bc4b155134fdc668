import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { PaidTier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import { billingCustomers, checkoutSessions, coupons, subscriptions } from "../../billing/billing.table";
import type { Database } from "../../db/client";
import { monthOf } from "./months";
import { revenueHistoryState, subscriptionEvents } from "./revenue.table";
import { standingOf, type Standing } from "./standing";

type EventRow = typeof subscriptionEvents.$inferInsert;

/** Serializes reconstruction batches across instances (an arbitrary constant). */
const RECONSTRUCTION_LOCK = 730_301;
const BATCH = 200;
const MONTH_MS = 30 * 86_400_000;

/**
 * Reconstructs, once, the history of members whose subscriptions (or comps, or past checkouts) were
 * stored before the history existed. Safe to start on several instances at once: batches run one at a
 * time under an advisory lock and skip members who already have a history; the last one marks the
 * history complete, after which closed months are rolled up. Returns the members reconstructed.
 */
export async function reconstructRevenueHistory(db: Database, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      await txDb.execute(sql`select pg_advisory_xact_lock(${RECONSTRUCTION_LOCK})`);
      if ((await txDb.select().from(revenueHistoryState)).length > 0) return true;
      const pending = (await txDb.execute(sql`
        select u.id from users u
        where (u.tier_override is not null
            or exists (select 1 from subscriptions s where s.user_id = u.id)
            or exists (select 1 from checkout_sessions c where c.user_id = u.id and c.status = 'complete'))
          and not exists (select 1 from subscription_events e where e.user_id = u.id)
        order by u.id limit ${BATCH}`)) as unknown as { rows: Array<{ id: string }> };
      for (const { id } of pending.rows) await reconstructMember(txDb, id, now);
      total += pending.rows.length;
      if (pending.rows.length < BATCH) {
        await txDb.insert(revenueHistoryState).values({ id: 1 }).onConflictDoNothing();
        return true;
      }
      return false;
    });
    if (done) return total;
  }
}

/**
 * Infers one member's history from what is stored: their first paid checkout (or the subscription's
 * period start) started it, at that checkout's plan and coupon; a different plan now is a change at
 * the current period's start; the present status ends it (past due since it failed, cancelled at the
 * period's end). A member whose subscription is gone cancelled a month after their last checkout. An
 * admin's comp counts from the account's creation. Nothing is written if they already have events.
 */
export async function reconstructMember(tx: Database, userId: string, now: Date): Promise<void> {
  // Taken before the sync's own lock on this row would be: a sync and this never both infer the start.
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update");
  const [existing] = await tx.select({ id: subscriptionEvents.id }).from(subscriptionEvents).where(eq(subscriptionEvents.userId, userId)).limit(1);
  if (existing) return;
  const [user] = await tx.select({ createdAt: users.createdAt, tierOverride: users.tierOverride }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const [customer] = await tx.select({ createdAt: billingCustomers.createdAt }).from(billingCustomers).where(eq(billingCustomers.userId, userId));
  const checkouts = await tx
    .select({ plan: checkoutSessions.plan, completedAt: checkoutSessions.completedAt, createdAt: checkoutSessions.createdAt, code: coupons.code })
    .from(checkoutSessions)
    .leftJoin(coupons, eq(coupons.id, checkoutSessions.couponId))
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, "complete")))
    .orderBy(asc(checkoutSessions.createdAt));

  const memberKey = randomUUID();
  const events: EventRow[] = [];
  const push = (kind: string, at: Date, before: Standing, after: Standing, extra: Partial<EventRow> = {}) =>
    events.push({ userId, memberKey, kind, occurredAt: clamp(at, events.at(-1)?.occurredAt as Date | undefined, now), stateBefore: before.state, stateAfter: after.state, tierBefore: before.tier, tierAfter: after.tier, mrrBeforeCents: before.mrrCents, mrrAfterCents: after.mrrCents, reconstructed: true, ...extra });

  const first = checkouts[0];
  const current = standingOf(sub ?? null);
  const none: Standing = { state: "none", tier: null, mrrCents: 0 };
  const startTier = (first?.plan ?? sub?.tier ?? null) as PaidTier | null;
  const startAt = first?.completedAt ?? first?.createdAt ?? sub?.currentPeriodStart ?? customer?.createdAt ?? user.createdAt;
  if (startTier && (sub ? current.state !== "none" : first)) {
    if (current.state === "trialing") {
      push("trial_started", startAt, none, current, { couponCode: first?.code ?? null });
    } else {
      const started = paying(startTier);
      const cohortMonth = monthOf(clamp(startAt, undefined, now));
      push("started", startAt, none, started, { movement: "new", cohortMonth, couponCode: first?.code ?? null });
      let standing = started;
      if (sub?.tier && sub.tier !== startTier) {
        const changed = paying(sub.tier);
        push("changed", sub.currentPeriodStart ?? startAt, standing, changed, { movement: changed.mrrCents > standing.mrrCents ? "expansion" : "contraction", cohortMonth });
        standing = changed;
      }
      const endedAt = sub ? (sub.currentPeriodEnd && sub.currentPeriodEnd < sub.syncedAt ? sub.currentPeriodEnd : sub.syncedAt) : new Date((checkouts.at(-1)?.completedAt ?? startAt).getTime() + MONTH_MS);
      if (!sub || current.state === "cancelled") push("cancelled", endedAt, standing, sub ? current : none, { movement: "churn", cohortMonth });
      else if (current.state === "past_due") push("payment_failed", sub.pastDueSince ?? sub.syncedAt, { ...standing, state: "active" }, current, { cohortMonth });
      else if (current.state === "paused") push("paused", sub.syncedAt, standing, current, { movement: "paused", cohortMonth });
      if (sub?.cancelAtPeriodEnd && (current.state === "active" || current.state === "past_due")) push("cancel_scheduled", sub.syncedAt, current, current, { cohortMonth });
    }
  }
  if (user.tierOverride) events.push({ userId, memberKey, kind: "comp_granted", occurredAt: user.createdAt, tierAfter: user.tierOverride, reconstructed: true });
  if (events.length > 0) await tx.insert(subscriptionEvents).values(events);
}

const paying = (tier: PaidTier): Standing => standingOf({ status: "active", tier });

/** Events keep their order and never lie in the future. */
function clamp(at: Date, after: Date | undefined, now: Date): Date {
  const time = Math.min(Math.max(at.getTime(), after?.getTime() ?? 0), now.getTime());
  return new Date(time);
}
