import { and, desc, eq, sql } from "drizzle-orm";
import { PLANS } from "../../../common/tiers";
import type { Viewer } from "../../auth/viewer";
import { AppError } from "../../errors";
import { billingCustomers, checkoutSessions, coupons } from "../billing.table";
import { confirmCheckout } from "../checkout.service";
import { hasLiveHold, releaseHold } from "../coupon-holds.service";
import { LIVE_STATUSES } from "../provider";
import { syncCustomer, type BillingDeps } from "../sync";
import { LOCAL_PRICES, localId, priceCentsOfLocalPrice } from "./local.provider";
import { localInvoices, localSubscriptions } from "./local.table";

/** Test cards: this one is always declined, like Stripe's 4000 0000 0000 0002. */
const DECLINED_CARD = "4000000000000002";
const MONTH_MS = 30 * 86_400_000;

export const CARD_DECLINED = "Your card was declined.";
export const CARD_INVALID = "Your card number is invalid.";
export const CHECKOUT_EXPIRED = "This checkout has expired. Please start again from the plans.";

/** What the local checkout page shows: plan, price, discount and total, all from the server's record. */
export async function getLocalCheckout(deps: BillingDeps, viewer: Viewer, sessionId: string) {
  const [session] = await deps.db.select().from(checkoutSessions).where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, viewer.userId)));
  if (!session || session.provider !== "local") throw new AppError("NOT_FOUND", "Checkout not found");
  const [coupon] = session.couponId ? await deps.db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, session.couponId)) : [];
  const priceCents = PLANS[session.plan].priceCents;
  return {
    id: session.id,
    plan: session.plan,
    planName: PLANS[session.plan].name,
    priceCents,
    discountPercent: session.discountPercent,
    discountCents: priceCents - session.amountCents,
    totalCents: session.amountCents,
    couponCode: coupon?.code ?? null,
    status: session.status,
    expiresAt: session.expiresAt?.toISOString() ?? null,
  };
}

/** An open checkout can be paid until it expires; one with a coupon, only while it holds the coupon's use. */
async function isPayable(deps: BillingDeps, sessionId: string, checkout: { status: string; expiresAt: string | null; couponCode: string | null }, now: Date): Promise<boolean> {
  if (checkout.status !== "open") return true;
  if (checkout.expiresAt && Date.parse(checkout.expiresAt) <= now.getTime()) return false;
  return checkout.couponCode === null || hasLiveHold(deps.db, sessionId, now);
}

/** The member leaves the test checkout: it can no longer be paid, and its coupon use is given back. */
export async function cancelLocalCheckout(deps: BillingDeps, viewer: Viewer, sessionId: string): Promise<void> {
  const checkout = await getLocalCheckout(deps, viewer, sessionId);
  if (checkout.status !== "open") return;
  await deps.db.update(checkoutSessions).set({ expiresAt: new Date() }).where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")));
  await releaseHold(deps.db, { checkoutSessionId: sessionId });
}

/** Pays a local checkout with a test card: creates the subscription and its first invoice, then confirms. */
export async function payLocalCheckout(deps: BillingDeps, viewer: Viewer, sessionId: string, cardNumber: string) {
  const checkout = await getLocalCheckout(deps, viewer, sessionId);
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) throw new AppError("BAD_REQUEST", CARD_INVALID, { cardNumber: CARD_INVALID });
  if (digits === DECLINED_CARD) throw new AppError("BAD_REQUEST", CARD_DECLINED, { cardNumber: CARD_DECLINED });
  const [customer] = await deps.db.select().from(billingCustomers).where(eq(billingCustomers.userId, viewer.userId));
  if (!customer) throw new AppError("NOT_FOUND", "Checkout not found");
  const now = new Date();
  if (!(await isPayable(deps, sessionId, checkout, now))) throw new AppError("CONFLICT", CHECKOUT_EXPIRED);
  const periodEnd = new Date(now.getTime() + MONTH_MS);
  const subscriptionId = localId("lsub");
  const created = await deps.db
    .insert(localSubscriptions)
    .values({ id: subscriptionId, customerId: customer.customerId, priceId: LOCAL_PRICES[checkout.plan], status: "active", currentPeriodStart: now, currentPeriodEnd: periodEnd, cardBrand: cardBrand(digits), cardLast4: digits.slice(-4), checkoutSessionId: sessionId })
    .onConflictDoNothing({ target: localSubscriptions.checkoutSessionId })
    .returning({ id: localSubscriptions.id });
  if (created.length > 0) {
    await deps.db.insert(localInvoices).values({ id: localId("lin"), customerId: customer.customerId, subscriptionId, amountCents: checkout.totalCents, status: "paid", periodStart: now, periodEnd });
  }
  const confirmation = await confirmCheckout(deps, sessionId, viewer.userId);
  if (!confirmation) throw new AppError("CONFLICT", "This checkout could not be completed.");
  return { successUrl: `/checkout/success?session_id=${encodeURIComponent(sessionId)}` };
}

async function memberSubscription(deps: BillingDeps, userId: string) {
  const [customer] = await deps.db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  if (!customer) throw new AppError("NOT_FOUND", "No subscription found");
  const rows = await deps.db.select().from(localSubscriptions).where(eq(localSubscriptions.customerId, customer.customerId)).orderBy(desc(localSubscriptions.createdAt));
  const subscription = rows.find((row) => LIVE_STATUSES.has(row.status)) ?? rows[0];
  if (!subscription) throw new AppError("NOT_FOUND", "No subscription found");
  return { customerId: customer.customerId, subscription };
}

export type PortalAction = { action: "cancel" } | { action: "resume" } | { action: "update-card"; cardNumber: string };

/** The local portal's actions on the member's own subscription, each followed by the sync. */
export async function applyPortalAction(deps: BillingDeps, viewer: Viewer, request: PortalAction): Promise<void> {
  const { customerId, subscription } = await memberSubscription(deps, viewer.userId);
  if (!LIVE_STATUSES.has(subscription.status)) throw new AppError("CONFLICT", "This subscription has ended.");
  if (request.action === "update-card") {
    const digits = request.cardNumber.replace(/[\s-]/g, "");
    if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) throw new AppError("BAD_REQUEST", CARD_INVALID, { cardNumber: CARD_INVALID });
    if (digits === DECLINED_CARD) throw new AppError("BAD_REQUEST", CARD_DECLINED, { cardNumber: CARD_DECLINED });
    await deps.db.update(localSubscriptions).set({ cardBrand: cardBrand(digits), cardLast4: digits.slice(-4) }).where(eq(localSubscriptions.id, subscription.id));
    if (subscription.status === "past_due") await settleLocalPastDue(deps, subscription.id, customerId);
  } else {
    // Cancelling ends the subscription at the period end, so a pending plan change has nothing left to change.
    const cancelling = request.action === "cancel";
    await deps.db.update(localSubscriptions).set(cancelling ? { cancelAtPeriodEnd: true, scheduledPriceId: null } : { cancelAtPeriodEnd: false }).where(eq(localSubscriptions.id, subscription.id));
  }
  await syncCustomer(deps, customerId);
}

export type AdvanceEvent = "renew" | "fail" | "recover" | "cancel" | "end-period";

/**
 * Moves a member's local subscription through time (npm run billing:advance): renewal, a failed
 * payment, recovery, immediate cancellation, or the end of the period (honouring cancel-at-period-end).
 */
export async function advanceLocalSubscription(deps: BillingDeps, userId: string, event: AdvanceEvent): Promise<string> {
  const { customerId, subscription } = await memberSubscription(deps, userId);
  const now = new Date();
  const [unpaid] = await deps.db.select({ id: localInvoices.id }).from(localInvoices).where(and(eq(localInvoices.subscriptionId, subscription.id), eq(localInvoices.status, "open")));
  if (event === "fail" && unpaid) {
    // Another attempt at the same renewal, as Stripe retries an open invoice.
    await deps.db.update(localInvoices).set({ attempts: sql`${localInvoices.attempts} + 1` }).where(eq(localInvoices.id, unpaid.id));
  } else if (event === "fail") {
    await deps.db.insert(localInvoices).values({ id: localId("lin"), customerId, subscriptionId: subscription.id, amountCents: priceCentsOfLocalPrice(subscription.priceId), status: "open", periodStart: subscription.currentPeriodEnd, periodEnd: new Date(subscription.currentPeriodEnd.getTime() + MONTH_MS) });
    await deps.db.update(localSubscriptions).set({ status: "past_due" }).where(eq(localSubscriptions.id, subscription.id));
  } else if (event === "recover") {
    await settleLocalPastDue(deps, subscription.id, customerId);
  } else if (event === "cancel" || (event === "end-period" && subscription.cancelAtPeriodEnd)) {
    await deps.db.update(localSubscriptions).set({ status: "canceled", cancelAtPeriodEnd: false }).where(eq(localSubscriptions.id, subscription.id));
  } else {
    const start = event === "renew" ? subscription.currentPeriodEnd : now;
    const end = new Date(start.getTime() + MONTH_MS);
    // A pending downgrade starts with the new period, like a Stripe schedule's next phase.
    const priceId = subscription.scheduledPriceId ?? subscription.priceId;
    await deps.db.update(localSubscriptions).set({ status: "active", priceId, scheduledPriceId: null, currentPeriodStart: start, currentPeriodEnd: end }).where(eq(localSubscriptions.id, subscription.id));
    await deps.db.insert(localInvoices).values({ id: localId("lin"), customerId, subscriptionId: subscription.id, amountCents: priceCentsOfLocalPrice(priceId), status: "paid", periodStart: start, periodEnd: end });
  }
  await syncCustomer(deps, customerId);
  const [after] = await deps.db.select({ status: localSubscriptions.status }).from(localSubscriptions).where(eq(localSubscriptions.id, subscription.id));
  return after?.status ?? "unknown";
}

async function settleLocalPastDue(deps: BillingDeps, subscriptionId: string, customerId: string) {
  await deps.db.update(localInvoices).set({ status: "paid" }).where(and(eq(localInvoices.subscriptionId, subscriptionId), eq(localInvoices.status, "open"), eq(localInvoices.customerId, customerId)));
  await deps.db.update(localSubscriptions).set({ status: "active" }).where(eq(localSubscriptions.id, subscriptionId));
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function cardBrand(digits: string): string {
  if (digits.startsWith("4")) return "visa";
  if (/^5[1-5]/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  return "card";
}
