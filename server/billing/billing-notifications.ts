import { sql } from "drizzle-orm";
import { PLANS, type PaidTier } from "../../common/tiers";
import type { Database } from "../db/client";
import { OWN_ACCESS } from "../features/notifications/notification-access";
import { notifyMembers } from "../features/notifications/notify";
import { emitBillingWebhooks } from "../features/webhooks/webhook-sources";
import type { subscriptions } from "./billing.table";

type SubscriptionRow = typeof subscriptions.$inferSelect;
type SyncedRow = Pick<SubscriptionRow, "status" | "tier" | "paymentMethodBrand" | "paymentMethodLast4" | "cancelAtPeriodEnd" | "currentPeriodEnd">;

interface BillingNotice {
  headline: string;
  excerpt: string;
}

const planName = (tier: PaidTier | null) => (tier ? PLANS[tier].name : "paid");
const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** What changed for the member between two syncs of their subscription, in their words. */
export function billingNotices(previous: SyncedRow | undefined, current: SyncedRow | null): BillingNotice[] {
  if (!current) return previous ? [{ headline: "Your subscription ended", excerpt: `You are on the Free plan now. Your ${planName(previous.tier)} plan can be chosen again from your Account page.` }] : [];
  const notices: BillingNotice[] = [];
  if (current.status === "past_due" && previous?.status !== "past_due") {
    notices.push({ headline: "Your payment failed", excerpt: `Update your card on the Account page to keep your ${planName(current.tier)} plan.` });
  }
  if (previous && current.tier && previous.tier !== current.tier) notices.push({ headline: `Your plan is now ${planName(current.tier)}`, excerpt: `Changed from ${planName(previous.tier)}.` });
  const card = (row: SyncedRow) => (row.paymentMethodLast4 ? `${row.paymentMethodBrand ?? "Card"} ending in ${row.paymentMethodLast4}` : null);
  if (previous && card(previous) && card(current) && card(previous) !== card(current)) notices.push({ headline: "Your card was updated", excerpt: `Payments now go to your ${card(current)}.` });
  if (current.cancelAtPeriodEnd && !previous?.cancelAtPeriodEnd && current.currentPeriodEnd) {
    notices.push({ headline: "Your plan will not renew", excerpt: `Your ${planName(current.tier)} plan ends on ${LONG_DATE.format(current.currentPeriodEnd)}.` });
  }
  return notices;
}

/** Writes the member's billing notifications in the sync's transaction. */
export async function notifyBillingChanges(tx: Database, userId: string, previous: SyncedRow | undefined, current: SyncedRow | null): Promise<void> {
  await emitBillingWebhooks(tx, userId, previous, current);
  for (const notice of billingNotices(previous, current)) {
    await notifyMembers(tx, sql`select ${userId}::text`, { event: "billing", access: OWN_ACCESS, subject: `billing:${userId}`, headline: notice.headline, excerpt: notice.excerpt, link: "/members/account" });
  }
}

/** How long before a renewal the member is told it is coming. */
export const RENEWAL_NOTICE_DAYS = 3;
/** Serializes the renewal scan across instances (an arbitrary constant). */
const RENEWAL_SCAN_LOCK = 727_028;

/**
 * Tells each member whose paid plan renews within RENEWAL_NOTICE_DAYS, once per renewal: instances
 * run this with their housekeeping (every ten minutes, server/main.ts), one at a time under an
 * advisory lock, and a renewal already told is skipped.
 */
export async function notifyRenewalsComing(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await txDb.execute(sql`select pg_advisory_xact_lock(${RENEWAL_SCAN_LOCK})`);
    const due = (await txDb.execute(sql`
      select user_id, tier, current_period_end from subscriptions
      where status in ('active', 'trialing') and not cancel_at_period_end and tier is not null
        and current_period_end > ${now.toISOString()}::timestamptz
        and current_period_end <= ${now.toISOString()}::timestamptz + make_interval(days => ${RENEWAL_NOTICE_DAYS})`)) as unknown as {
      rows: Array<{ user_id: string; tier: PaidTier; current_period_end: string | Date }>;
    };
    let told = 0;
    for (const row of due.rows) {
      const renewsAt = new Date(row.current_period_end);
      told += await notifyMembers(txDb, sql`select ${row.user_id}::text`, {
        event: "billing",
        access: OWN_ACCESS,
        subject: `renewal:${row.user_id}:${renewsAt.toISOString().slice(0, 10)}`,
        headline: `Your plan renews on ${LONG_DATE.format(renewsAt)}`,
        excerpt: `Your ${planName(row.tier)} plan renews at $${(PLANS[row.tier].priceCents / 100).toFixed(0)} a month. Change or cancel it on your Account page.`,
        link: "/members/account",
        once: true,
        // Two scans racing where the lock cannot hold them apart (the embedded database's one session) still make one.
        groupKey: `renewal:${renewsAt.toISOString().slice(0, 10)}`,
      });
    }
    return told;
  });
}
