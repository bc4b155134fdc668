import { sql } from "drizzle-orm";
import { PLANS, type PaidTier } from "../../common/tiers";
import type { Database } from "../db/client";
import { OWN_ACCESS } from "../features/notifications/notification-access";
import { notifyMembers } from "../features/notifications/notify";
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
  for (const notice of billingNotices(previous, current)) {
    await notifyMembers(tx, sql`select ${userId}::text`, { event: "billing", access: OWN_ACCESS, subject: `billing:${userId}`, headline: notice.headline, excerpt: notice.excerpt, link: "/members/account" });
  }
}
