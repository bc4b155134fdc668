import { and, eq } from "drizzle-orm";
import { BILLING_MESSAGES, type CheckoutBody, type CheckoutConfirmation } from "../../common/contracts/billing";
import { PLANS } from "../../common/tiers";
import type { Viewer } from "../auth/viewer";
import { AppError } from "../errors";
import { billingCustomers, checkoutSessions, subscriptions } from "./billing.table";
import { attachHold, claimCouponHold, convertHoldToUse, releaseHold } from "./coupon-holds.service";
import { LIVE_STATUSES } from "./provider";
import { syncCustomer, type BillingDeps } from "./sync";

/** The member's provider customer id, created on first need (one per member, even under races). */
export async function ensureCustomer(deps: BillingDeps, viewer: Pick<Viewer, "userId" | "email" | "name">): Promise<string> {
  const [existing] = await deps.db.select().from(billingCustomers).where(eq(billingCustomers.userId, viewer.userId));
  if (existing) return existing.customerId;
  const customerId = await deps.provider.createCustomer({ id: viewer.userId, email: viewer.email, name: viewer.name });
  await deps.db.insert(billingCustomers).values({ userId: viewer.userId, provider: deps.provider.kind, customerId }).onConflictDoNothing();
  const [row] = await deps.db.select().from(billingCustomers).where(eq(billingCustomers.userId, viewer.userId));
  if (!row) throw new Error("customer row vanished");
  return row.customerId;
}

/** Stripe's shortest checkout lifetime: a coupon use is held no longer than a checkout can be paid. */
export const CHECKOUT_LIFETIME_MS = 31 * 60_000;
/** A hold outlives its checkout a little, for a payment that was being made as the checkout expired. */
const HOLD_MARGIN_MS = 5 * 60_000;

/**
 * Prices the plan on the server (the client sends a plan and a code, never an amount), then opens a
 * provider checkout. A coupon's use is claimed first (a hold), so the member past the limit is told
 * before paying; the hold is given back if the provider fails. The local record is written only
 * once the provider answered: no orphans.
 */
export async function startCheckout(deps: BillingDeps, viewer: Viewer, body: CheckoutBody, origin: string): Promise<{ url: string }> {
  const [live] = await deps.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, viewer.userId));
  if (live && LIVE_STATUSES.has(live.status)) {
    throw new AppError("CONFLICT", "You already have a subscription. Change your plan from your account page.");
  }
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CHECKOUT_LIFETIME_MS);
  const claim = body.couponCode
    ? await claimCouponHold(deps.db, { code: body.couponCode, tier: body.plan, userId: viewer.userId, expiresAt: new Date(expiresAt.getTime() + HOLD_MARGIN_MS), now })
    : null;
  const coupon = claim?.coupon ?? null;
  const discountPercent = coupon?.discountPercent ?? 0;
  const amountCents = Math.round((PLANS[body.plan].priceCents * (100 - discountPercent)) / 100);
  try {
    const customerId = await ensureCustomer(deps, viewer);
    const priceId = (await deps.provider.prices())[body.plan];
    const session = await deps.provider.createCheckout({
      customerId,
      userId: viewer.userId,
      plan: body.plan,
      priceId,
      amountCents,
      coupon: coupon ? { id: coupon.id, code: coupon.code, discountPercent, usageLimit: coupon.usageLimit, validUntil: coupon.validUntil } : null,
      expiresAt,
      successUrl: `${origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/checkout/cancel`,
    });
    await deps.db.insert(checkoutSessions).values({ id: session.id, userId: viewer.userId, provider: deps.provider.kind, plan: body.plan, couponId: coupon?.id ?? null, discountPercent, amountCents, expiresAt });
    if (claim) await attachHold(deps.db, claim.holdId, session.id);
    return { url: session.url };
  } catch (error) {
    if (claim) await releaseHold(deps.db, { holdId: claim.holdId });
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error }, "creating a checkout session failed");
    throw new AppError("SERVICE_UNAVAILABLE", BILLING_MESSAGES.checkoutFailed);
  }
}

/**
 * Confirms a checkout with the provider itself (success page and webhook alike): once it is paid,
 * marks it complete, turns its coupon hold into a use once, and syncs the customer. Forged or unpaid ids grant nothing.
 */
export async function confirmCheckout(deps: BillingDeps, sessionId: string, expectedUserId?: string): Promise<CheckoutConfirmation | null> {
  const [session] = await deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!session || (expectedUserId && session.userId !== expectedUserId)) return null;
  const remote = await deps.provider.getCheckout(sessionId);
  if (!remote?.complete || !remote.paid || !remote.customerId) return null;

  const [claimed] = await deps.db
    .update(checkoutSessions)
    .set({ status: "complete", completedAt: new Date() })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")))
    .returning();
  if (claimed?.couponId) {
    const counted = await convertHoldToUse(deps.db, claimed.couponId, sessionId, new Date());
    if (counted) await deps.db.update(checkoutSessions).set({ couponRedeemed: true }).where(eq(checkoutSessions.id, sessionId));
    else deps.logger.warn({ sessionId, couponId: claimed.couponId }, "paid after its coupon hold lapsed, with no use left; not counted");
  }
  await syncCustomer(deps, remote.customerId);
  const [subscription] = await deps.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, session.userId));
  return { tier: session.plan, status: subscription?.status ?? "unknown" };
}
