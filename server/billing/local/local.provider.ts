import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { PLANS, type PaidTier } from "../../../common/tiers";
import type { Database } from "../../db/client";
import { checkoutSessions } from "../billing.table";
import { LIVE_STATUSES, PRICE_LOOKUP_KEYS, type BillingProvider, type ProviderSubscription } from "../provider";
import { prorationCents } from "../proration";
import { localInvoices, localSubscriptions } from "./local.table";

export const LOCAL_PRICES: Record<PaidTier, string> = {
  inventor: `local_${PRICE_LOOKUP_KEYS.inventor}`,
  entrepreneur: `local_${PRICE_LOOKUP_KEYS.entrepreneur}`,
  "brand-ceo": `local_${PRICE_LOOKUP_KEYS["brand-ceo"]}`,
};

export function localId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url")}`;
}

export function tierOfLocalPrice(priceId: string): PaidTier | null {
  const entry = Object.entries(LOCAL_PRICES).find(([, id]) => id === priceId);
  return entry ? (entry[0] as PaidTier) : null;
}

export function priceCentsOfLocalPrice(priceId: string): number {
  const tier = tierOfLocalPrice(priceId);
  return tier ? PLANS[tier].priceCents : 0;
}

/**
 * The embedded default: the app's own checkout and portal pages stand in for Stripe's, and their
 * records live in local_* tables. Payments and portal actions run the same sync as Stripe's webhooks.
 */
export function createLocalProvider(db: Database, origin: string): BillingProvider {
  return {
    kind: "local",
    async prices() {
      return LOCAL_PRICES;
    },
    async createCustomer() {
      return localId("lcus");
    },
    async createCheckout() {
      const id = localId("lcs");
      return { id, url: `${origin}/billing/checkout/${id}` };
    },
    async getCheckout(id) {
      const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      if (!session) return null;
      const [subscription] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.checkoutSessionId, id));
      return { id, customerId: subscription?.customerId ?? null, complete: Boolean(subscription), paid: Boolean(subscription) };
    },
    async currentSubscription(customerId) {
      const rows = await db.select().from(localSubscriptions).where(eq(localSubscriptions.customerId, customerId)).orderBy(desc(localSubscriptions.createdAt));
      const chosen = rows.find((row) => LIVE_STATUSES.has(row.status)) ?? rows[0];
      if (!chosen) return null;
      const [unpaid] = await db
        .select()
        .from(localInvoices)
        .where(and(eq(localInvoices.subscriptionId, chosen.id), eq(localInvoices.status, "open")))
        .orderBy(desc(localInvoices.createdAt))
        .limit(1);
      return toProviderSubscription(chosen, unpaid);
    },
    async createPortal() {
      return `${origin}/billing/portal`;
    },
    async listInvoices(customerId) {
      const rows = await db.select().from(localInvoices).where(eq(localInvoices.customerId, customerId)).orderBy(desc(localInvoices.createdAt));
      return rows.map((row) => ({ id: row.id, amountCents: row.amountCents, status: row.status, periodStart: row.periodStart, periodEnd: row.periodEnd, createdAt: row.createdAt, url: null }));
    },
    async cancelSubscription(subscriptionId) {
      await db.update(localSubscriptions).set({ status: "canceled", cancelAtPeriodEnd: false }).where(eq(localSubscriptions.id, subscriptionId));
    },
    async deleteCustomer(customerId) {
      await db.transaction(async (tx) => {
        await tx.delete(localInvoices).where(eq(localInvoices.customerId, customerId));
        await tx.delete(localSubscriptions).where(eq(localSubscriptions.customerId, customerId));
      });
    },
    async previewUpgrade(subscriptionId, priceId, at) {
      const subscription = await localSubscription(db, subscriptionId);
      return upgradeCents(subscription, priceId, at);
    },
    async upgradeNow(subscriptionId, priceId, at) {
      const subscription = await localSubscription(db, subscriptionId);
      const amountCents = upgradeCents(subscription, priceId, at);
      await db.transaction(async (tx) => {
        await tx.update(localSubscriptions).set({ priceId, scheduledPriceId: null, cancelAtPeriodEnd: false }).where(eq(localSubscriptions.id, subscriptionId));
        await tx.insert(localInvoices).values({ id: localId("lin"), customerId: subscription.customerId, subscriptionId, amountCents, status: "paid", periodStart: at, periodEnd: subscription.currentPeriodEnd });
      });
    },
    async schedulePlanChange(subscriptionId, priceId) {
      await localSubscription(db, subscriptionId);
      await db.update(localSubscriptions).set({ scheduledPriceId: priceId }).where(eq(localSubscriptions.id, subscriptionId));
    },
  };
}

async function localSubscription(db: Database, subscriptionId: string) {
  const [subscription] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, subscriptionId));
  if (!subscription) throw new Error("no such local subscription");
  return subscription;
}

/** The same arithmetic as Stripe's preview: the price difference for the share of the period left. */
function upgradeCents(subscription: typeof localSubscriptions.$inferSelect, priceId: string, at: Date): number {
  const period = { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd };
  return prorationCents(priceCentsOfLocalPrice(subscription.priceId), priceCentsOfLocalPrice(priceId), period, at);
}

/** The test mode never retries a card by itself: `billing:advance recover` or a new card settles the invoice. */
function toProviderSubscription(row: typeof localSubscriptions.$inferSelect, unpaid: typeof localInvoices.$inferSelect | undefined): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    priceId: row.priceId,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    paymentMethod: { brand: row.cardBrand, last4: row.cardLast4 },
    pendingChange: row.scheduledPriceId ? { priceId: row.scheduledPriceId, startsAt: row.currentPeriodEnd } : null,
    unpaidInvoice: unpaid ? { amountCents: unpaid.amountCents, attempts: unpaid.attempts, nextAttemptAt: null } : null,
  };
}
