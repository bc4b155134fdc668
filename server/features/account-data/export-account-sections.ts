import { and, asc, eq, gt } from "drizzle-orm";
import { accounts, sessions, twoFactors, users } from "../../auth/auth.table";
import { billingCustomers, checkoutSessions, couponHolds, coupons, subscriptions } from "../../billing/billing.table";
import { iso, PAGE_SIZE, pagesOf, type ExportContext, type ExportSection } from "./export-context";

/** The account itself: profile, how it signs in (never a hash, token or secret), and billing. */
export const ACCOUNT_SECTIONS: readonly ExportSection[] = [
  {
    key: "profile",
    covers: [],
    async read({ db, userId }) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      if (!row) return null;
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        profilePicture: row.image,
        role: row.role,
        membershipTier: row.membershipTier,
        tierGrantedByAdmin: row.tierOverride,
        isActive: row.isActive,
        emailVerified: row.emailVerified,
        twoFactorEnabled: row.twoFactorEnabled,
        lastLogin: iso(row.lastLogin),
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
      };
    },
  },
  {
    key: "signInMethods",
    covers: ["accounts.user_id", "two_factors.user_id"],
    async read({ db, userId }) {
      const methods = await db.select({ providerId: accounts.providerId, createdAt: accounts.createdAt, scope: accounts.scope }).from(accounts).where(eq(accounts.userId, userId)).orderBy(asc(accounts.createdAt));
      const [secondFactor] = await db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId));
      return {
        methods: methods.map((method) => ({ provider: method.providerId === "credential" ? "email and password" : method.providerId, scope: method.scope, since: iso(method.createdAt) })),
        twoFactor: secondFactor ? { enabled: true, verified: secondFactor.verified } : { enabled: false, verified: false },
      };
    },
  },
  {
    key: "sessions",
    covers: ["sessions.user_id"],
    read: ({ db, userId }) =>
      pagesOf(
        (after: { id: string } | null) =>
          db
            .select({ id: sessions.id, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
            .from(sessions)
            .where(and(eq(sessions.userId, userId), after ? gt(sessions.id, after.id) : undefined))
            .orderBy(asc(sessions.id))
            .limit(PAGE_SIZE),
        (row) => ({ signedInAt: iso(row.createdAt), lastUsedAt: iso(row.updatedAt), expiresAt: iso(row.expiresAt), ipAddress: row.ipAddress, userAgent: row.userAgent }),
      ),
  },
  {
    key: "billing",
    covers: ["billing_customers.user_id", "subscriptions.user_id", "checkout_sessions.user_id", "coupon_holds.user_id"],
    read: readBilling,
  },
];

async function readBilling({ db, userId, billing }: ExportContext) {
  const [customer] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const checkouts = await db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId)).orderBy(asc(checkoutSessions.createdAt));
  const holds = await db
    .select({ code: coupons.code, createdAt: couponHolds.createdAt, expiresAt: couponHolds.expiresAt })
    .from(couponHolds)
    .innerJoin(coupons, eq(coupons.id, couponHolds.couponId))
    .where(eq(couponHolds.userId, userId));
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
  };
}

const INVOICES_UNAVAILABLE = "The payment provider could not be reached, so invoices are missing from this export. Request a new export later.";

/** Invoices live at the payment provider (the local test mode's own tables, or Stripe). */
async function readInvoices(billing: ExportContext["billing"], customerId: string) {
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
