import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { PaidTier } from "../../../common/tiers";
import { checkoutSessions, coupons, type subscriptions } from "../../billing/billing.table";
import type { Database } from "../../db/client";
import { reconstructMember } from "./backfill";
import { monthOf } from "./months";
import { subscriptionEvents } from "./revenue.table";
import { PAYING_STATES, standingOf, type Standing, type StandingRow } from "./standing";

type SubscriptionRow = typeof subscriptions.$inferSelect;
type EventRow = typeof subscriptionEvents.$inferInsert;
export type SyncedRow = StandingRow & Pick<SubscriptionRow, "cancelAtPeriodEnd">;

export interface SubscriptionChange {
  userId: string;
  /** The subscription row before the sync (undefined: none stored). */
  previous: SyncedRow | undefined;
  /** The row the sync stores (null: the subscription is gone). */
  next: SyncedRow | null;
  at: Date;
}

/** How long a checkout's coupon is taken as the one a new subscription started with. */
const COUPON_WINDOW_MS = 2 * 86_400_000;

/**
 * Appends what changed between two syncs of a member's subscription to the history, in the sync's
 * transaction (billing/sync.ts calls this and nothing else of revenue). Nothing is written when the
 * standing and the cancellation flag are unchanged, so repeated syncs add nothing.
 */
export async function recordSubscriptionChange(tx: Database, change: SubscriptionChange): Promise<void> {
  const before = standingOf(change.previous);
  const after = standingOf(change.next);
  const standingMoved = before.state !== after.state || before.tier !== after.tier || before.mrrCents !== after.mrrCents;
  const cancelFlag = cancelFlagChange(change.previous, change.next, after);
  if (!standingMoved && !cancelFlag) return;

  let member = await memberHistory(tx, change.userId);
  if (!member && change.previous) {
    // A subscription stored before this history began (the reconstruction has not reached this member yet).
    await reconstructMember(tx, change.userId, change.at);
    member = await memberHistory(tx, change.userId);
  }
  const memberKey = member?.memberKey ?? randomUUID();
  const rows: EventRow[] = [];
  if (standingMoved) {
    const movement = movementOf(before, after, member?.cohortMonth != null);
    const cohortMonth = member?.cohortMonth ?? (movement === "new" ? monthOf(change.at) : null);
    const kind = kindOf(before, after);
    const couponCode = kind === "started" || kind === "trial_started" ? await couponOfRecentCheckout(tx, change.userId, after.tier, change.at) : null;
    rows.push({ ...transition(change.userId, memberKey, kind, change.at, before, after), movement, cohortMonth, couponCode });
  }
  if (cancelFlag) rows.push({ ...transition(change.userId, memberKey, cancelFlag, change.at, after, after), cohortMonth: member?.cohortMonth ?? null });
  await tx.insert(subscriptionEvents).values(rows);
}

export const RETENTION_KINDS = ["save_offer_shown", "save_offer_accepted", "save_offer_declined", "cancel_reason"] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export interface RetentionEvent {
  userId: string;
  kind: RetentionKind;
  /** The reason chosen, or the offer made ('discount', 'pause'). */
  reason?: string | null;
  /** What the member wrote (cancel_reason only). */
  detail?: string | null;
  at?: Date;
}

/** The cancellation flow's steps (save offer shown, accepted, declined; a reason given), for the save-offer figures. */
export async function recordRetentionEvent(tx: Database, event: RetentionEvent): Promise<void> {
  const member = await memberHistory(tx, event.userId);
  await tx.insert(subscriptionEvents).values({
    userId: event.userId,
    memberKey: member?.memberKey ?? randomUUID(),
    kind: event.kind,
    occurredAt: event.at ?? new Date(),
    reason: event.reason ?? null,
    detail: event.detail ?? null,
    cohortMonth: member?.cohortMonth ?? null,
  });
}

/** An admin granting (or taking back) a complimentary tier: counted as comped, never as revenue. */
export async function recordCompChange(tx: Database, change: { userId: string; before: PaidTier | null; after: PaidTier | null; at: Date }): Promise<void> {
  if (change.before === change.after) return;
  const member = await memberHistory(tx, change.userId);
  const memberKey = member?.memberKey ?? randomUUID();
  const rows: EventRow[] = [];
  if (change.before) rows.push({ userId: change.userId, memberKey, kind: "comp_ended", occurredAt: change.at, tierBefore: change.before });
  if (change.after) rows.push({ userId: change.userId, memberKey, kind: "comp_granted", occurredAt: change.at, tierAfter: change.after });
  await tx.insert(subscriptionEvents).values(rows);
}

export type Movement = "new" | "expansion" | "contraction" | "churn" | "reactivation" | "paused" | "resumed";

/** How MRR moved: a first payment is new, a later return a reactivation; a pause and its resume are their own movements. */
export function movementOf(before: Standing, after: Standing, paidBefore: boolean): Movement | null {
  if (before.mrrCents === after.mrrCents) return null;
  if (before.mrrCents === 0) return before.state === "paused" ? "resumed" : paidBefore ? "reactivation" : "new";
  if (after.mrrCents === 0) return after.state === "paused" ? "paused" : "churn";
  return after.mrrCents > before.mrrCents ? "expansion" : "contraction";
}

/** The event's name for a change of standing. */
export function kindOf(before: Standing, after: Standing): string {
  const paying = (standing: Standing) => PAYING_STATES.includes(standing.state);
  const ended = (standing: Standing) => standing.state === "none" || standing.state === "cancelled";
  if (after.state === "trialing" && before.state !== "trialing") return "trial_started";
  if (before.state === "trialing" && paying(after)) return "trial_converted";
  if (before.state === "trialing" && ended(after)) return "trial_ended";
  if (ended(before) && paying(after)) return "started";
  if (after.state === "paused" && before.state !== "paused") return "paused";
  if (before.state === "paused" && !ended(after)) return "resumed";
  if (ended(after) && !ended(before)) return "cancelled";
  if (before.state === "active" && after.state === "past_due") return "payment_failed";
  if (before.state === "past_due" && after.state === "active") return "recovered";
  return "changed";
}

function cancelFlagChange(previous: SyncedRow | undefined, next: SyncedRow | null, after: Standing): "cancel_scheduled" | "cancel_undone" | null {
  if (!next || after.state === "cancelled" || after.state === "none") return null;
  if (next.cancelAtPeriodEnd && !previous?.cancelAtPeriodEnd) return "cancel_scheduled";
  if (!next.cancelAtPeriodEnd && previous?.cancelAtPeriodEnd) return "cancel_undone";
  return null;
}

function transition(userId: string, memberKey: string, kind: string, at: Date, before: Standing, after: Standing): EventRow {
  return {
    userId,
    memberKey,
    kind,
    occurredAt: at,
    stateBefore: before.state,
    stateAfter: after.state,
    tierBefore: before.tier,
    tierAfter: after.tier,
    mrrBeforeCents: before.mrrCents,
    mrrAfterCents: after.mrrCents,
  };
}

/** The member's opaque key and cohort, from their earlier events (none: their history starts now). */
export async function memberHistory(tx: Database, userId: string): Promise<{ memberKey: string; cohortMonth: string | null } | null> {
  const [row] = await tx
    .select({ memberKey: subscriptionEvents.memberKey, cohortMonth: sql<string | null>`max(${subscriptionEvents.cohortMonth})` })
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.userId, userId))
    .groupBy(subscriptionEvents.memberKey)
    .limit(1);
  return row ?? null;
}

/** The coupon of the member's checkout for this tier in the last two days, if it used one. */
async function couponOfRecentCheckout(tx: Database, userId: string, tier: PaidTier | null, at: Date): Promise<string | null> {
  if (!tier) return null;
  const [row] = await tx
    .select({ code: coupons.code })
    .from(checkoutSessions)
    .innerJoin(coupons, eq(coupons.id, checkoutSessions.couponId))
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.plan, tier), isNotNull(checkoutSessions.couponId), gt(checkoutSessions.createdAt, new Date(at.getTime() - COUPON_WINDOW_MS))))
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  return row?.code ?? null;
}
