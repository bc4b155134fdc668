import { eq } from "drizzle-orm";
import { BILLING_MESSAGES, type AccountBillingResponse, type SubscriptionView } from "../../common/contracts/billing";
import type { Viewer } from "../auth/viewer";
import { AppError } from "../errors";
import { billingCustomers, subscriptions } from "./billing.table";
import { LIVE_STATUSES } from "./provider";
import type { BillingDeps } from "./sync";
import { graceEndsAt } from "./tier.policy";

/** The account page: the subscription view and past invoices. */
export async function getAccountBilling(deps: BillingDeps, viewer: Viewer): Promise<AccountBillingResponse> {
  const [customer] = await deps.db.select().from(billingCustomers).where(eq(billingCustomers.userId, viewer.userId));
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, viewer.userId));
  const invoices = customer ? await deps.provider.listInvoices(customer.customerId).catch((error: unknown) => {
    deps.logger.warn({ err: error }, "listing invoices failed");
    return [];
  }) : [];
  return {
    provider: deps.provider.kind,
    subscription: row
      ? {
          status: row.status,
          currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
          currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          paymentMethodBrand: row.paymentMethodBrand,
          paymentMethodLast4: row.paymentMethodLast4,
          graceEndsAt: graceEndsAt(row, deps.graceDays)?.toISOString() ?? null,
          ...pendingDowngrade(row),
          endedAt: endedAt(row)?.toISOString() ?? null,
        }
      : null,
    invoices: invoices.map((invoice) => ({ id: invoice.id, amountCents: invoice.amountCents, status: invoice.status, createdAt: invoice.createdAt.toISOString(), url: invoice.url })),
  };
}

/** The provider's subscription management page for this member. */
export async function openPortal(deps: BillingDeps, viewer: Viewer, returnUrl: string): Promise<{ url: string }> {
  const [customer] = await deps.db.select().from(billingCustomers).where(eq(billingCustomers.userId, viewer.userId));
  if (!customer) throw new AppError("NOT_FOUND", BILLING_MESSAGES.portalFailed);
  try {
    return { url: await deps.provider.createPortal(customer.customerId, returnUrl) };
  } catch (error) {
    deps.logger.error({ err: error }, "creating a portal session failed");
    throw new AppError("SERVICE_UNAVAILABLE", BILLING_MESSAGES.portalFailed);
  }
}

/**
 * The plan paid for now and the one the next period starts on. A downgrade made outside the app (a
 * price swapped at once, e.g. in Stripe's portal) shows the same way: the higher tier kept until
 * `paid_tier_until`, then the lower one.
 */
function pendingDowngrade(row: typeof subscriptions.$inferSelect): Pick<SubscriptionView, "tier" | "pendingTier" | "downgradeTakesEffectAt"> {
  if (row.pendingTier && row.pendingChangeAt) return { tier: row.tier, pendingTier: row.pendingTier, downgradeTakesEffectAt: row.pendingChangeAt.toISOString() };
  if (row.paidTierBefore && row.paidTierUntil && row.paidTierUntil > new Date()) {
    return { tier: row.paidTierBefore, pendingTier: row.tier, downgradeTakesEffectAt: row.paidTierUntil.toISOString() };
  }
  return { tier: row.tier, pendingTier: null, downgradeTakesEffectAt: null };
}

/**
 * When a subscription that no longer grants its plan stopped granting it: its period's end when it ran
 * out (a cancellation at the period end); else (cancelled at once, unpaid, expired) the last sync, which
 * saw it over: no provider keeps another date for these in what the sync reads.
 */
function endedAt(row: typeof subscriptions.$inferSelect): Date | null {
  if (LIVE_STATUSES.has(row.status) || !row.tier) return null;
  return row.currentPeriodEnd && row.currentPeriodEnd <= row.syncedAt ? row.currentPeriodEnd : row.syncedAt;
}
