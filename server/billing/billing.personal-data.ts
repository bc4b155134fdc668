import { asc, eq } from "drizzle-orm";
import { iso, type ExportContext, type PersonalDataDeclaration } from "../personal-data/declaration";
import { billingCustomers, checkoutSessions, couponHolds, coupons, dunningReminders, subscriptions } from "./billing.table";
import type { BillingDeps } from "./sync";

/**
 * The member's customer, subscription, checkouts and coupon holds; invoices are read from the payment
 * provider (null `billing`: payments misconfigured, invoices then read as unavailable). Deleting the
 * account ends every live subscription and the provider's customer first (the deletion services do
 * that before their transaction); the rows then go with the account.
 */
export function billingPersonalData(billing: BillingDeps | null): PersonalDataDeclaration {
  const deletedWithAccount = { action: "delete", how: "Goes with the account, after live subscriptions are cancelled and the provider's customer is deleted." } as const;
  return {
    feature: "billing",
    columns: {
      "billing_customers.user_id": deletedWithAccount,
      "subscriptions.user_id": deletedWithAccount,
      "checkout_sessions.user_id": deletedWithAccount,
      "coupon_holds.user_id": { action: "delete", how: "A coupon held for an unfinished checkout is released." },
      "dunning_reminders.user_id": { action: "delete", how: "The payment-failed reminders mailed to the member go with the account." },
      "dunning_reminders.sent_by": { action: "anonymise", how: "A reminder an admin sent keeps its date; who sent it is forgotten (set to null)." },
    },
    exportSections: [
      {
        key: "billing",
        covers: ["billing_customers.user_id", "subscriptions.user_id", "checkout_sessions.user_id", "coupon_holds.user_id", "dunning_reminders.user_id", "dunning_reminders.sent_by"],
        read: (context) => readBilling(context, billing),
      },
    ],
  };
}

async function readBilling({ db, userId }: ExportContext, billing: BillingDeps | null) {
  const [customer] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const checkouts = await db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId)).orderBy(asc(checkoutSessions.createdAt));
  const holds = await db
    .select({ code: coupons.code, createdAt: couponHolds.createdAt, expiresAt: couponHolds.expiresAt })
    .from(couponHolds)
    .innerJoin(coupons, eq(coupons.id, couponHolds.couponId))
    .where(eq(couponHolds.userId, userId));
  const reminders = await db.select({ step: dunningReminders.step, sentAt: dunningReminders.sentAt }).from(dunningReminders).where(eq(dunningReminders.userId, userId)).orderBy(asc(dunningReminders.claimedAt));
  // As an admin: the reminders they sent by hand, without the other members' identities.
  const remindersSent = await db.select({ sentAt: dunningReminders.sentAt }).from(dunningReminders).where(eq(dunningReminders.sentBy, userId)).orderBy(asc(dunningReminders.claimedAt));
  return {
    customer: customer ? { provider: customer.provider, customerId: customer.customerId, since: iso(customer.createdAt) } : null,
    subscription: subscription
      ? {
          provider: subscription.provider,
          status: subscription.status,
          tier: subscription.tier,
          currentPeriodStart: iso(subscription.currentPeriodStart),
          currentPeriodEnd: iso(subscription.currentPeriodEnd),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          card: subscription.paymentMethodBrand ? { brand: subscription.paymentMethodBrand, last4: subscription.paymentMethodLast4 } : null,
          pendingTier: subscription.pendingTier,
          pendingChangeAt: iso(subscription.pendingChangeAt),
        }
      : null,
    invoices: customer ? await readInvoices(billing, customer.customerId) : [],
    checkouts: checkouts.map((row) => ({ plan: row.plan, amountCents: row.amountCents, discountPercent: row.discountPercent, status: row.status, startedAt: iso(row.createdAt), completedAt: iso(row.completedAt) })),
    couponHolds: holds.map((row) => ({ code: row.code, heldAt: iso(row.createdAt), until: iso(row.expiresAt) })),
    paymentFailedReminders: reminders.map((row) => ({ step: row.step, sentAt: iso(row.sentAt) })),
    paymentRemindersYouSent: remindersSent.map((row) => ({ sentAt: iso(row.sentAt) })),
  };
}

const INVOICES_UNAVAILABLE = "The payment provider could not be reached, so invoices are missing from this export. Request a new export later.";

/** Invoices live at the payment provider (the local test mode's own tables, or Stripe). */
async function readInvoices(billing: BillingDeps | null, customerId: string) {
  if (!billing) return { unavailable: INVOICES_UNAVAILABLE };
  let invoices;
  try {
    invoices = await billing.provider.listInvoices(customerId);
  } catch (error) {
    // The rest of the export is still worth having; the file says plainly what is missing.
    billing.logger.error({ err: error }, "reading invoices for a data export failed");
    return { unavailable: INVOICES_UNAVAILABLE };
  }
  return invoices.map((invoice) => ({ id: invoice.id, amountCents: invoice.amountCents, status: invoice.status, periodStart: iso(invoice.periodStart), periodEnd: iso(invoice.periodEnd), createdAt: iso(invoice.createdAt), url: invoice.url }));
}
