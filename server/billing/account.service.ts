import { eq } from "drizzle-orm";
import { BILLING_MESSAGES, type AccountBillingResponse } from "../../common/contracts/billing";
import { tierRank, type PaidTier } from "../../common/tiers";
import type { Viewer } from "../auth/viewer";
import { AppError } from "../errors";
import { billingCustomers, subscriptions } from "./billing.table";
import { LIVE_STATUSES } from "./provider";
import { syncCustomer, type BillingDeps } from "./sync";
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
          tier: row.tier,
          currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
          currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          paymentMethodBrand: row.paymentMethodBrand,
          paymentMethodLast4: row.paymentMethodLast4,
          graceEndsAt: graceEndsAt(row, deps.graceDays)?.toISOString() ?? null,
          downgradeTakesEffectAt: row.paidTierUntil && row.paidTierUntil > new Date() ? row.paidTierUntil.toISOString() : null,
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

/** Upgrade now with proration; downgrade from the end of the period already paid for. */
export async function changePlan(deps: BillingDeps, viewer: Viewer, plan: PaidTier): Promise<{ takesEffect: "now" | "period_end" }> {
  const [customer] = await deps.db.select().from(billingCustomers).where(eq(billingCustomers.userId, viewer.userId));
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, viewer.userId));
  if (!customer || !row || !LIVE_STATUSES.has(row.status) || !row.tier) throw new AppError("CONFLICT", "You have no active subscription to change.");
  if (row.tier === plan) throw new AppError("CONFLICT", "You are already on this plan.");
  const when = tierRank(plan) > tierRank(row.tier) ? "now" : "period_end";
  const priceId = (await deps.provider.prices())[plan];
  await deps.provider.changePlan(row.subscriptionId, priceId, when);
  await syncCustomer(deps, customer.customerId);
  return { takesEffect: when };
}
