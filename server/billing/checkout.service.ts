import { and, eq } from "drizzle-orm";
import { BILLING_MESSAGES, type CheckoutBody, type CheckoutConfirmation } from "../../common/contracts/billing";
import { PLANS } from "../../common/tiers";
import type { Viewer } from "../auth/viewer";
import { AppError } from "../errors";
import { billingCustomers, checkoutSessions, subscriptions } from "./billing.table";
import { findUsableCoupon, redeemCoupon } from "./coupons.service";
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

/**
 * Prices the plan on the server (the client sends a plan and a code, never an amount), then opens a
 * provider checkout. The local record is written only once the provider answered: no orphans.
 */
export async function startCheckout(deps: BillingDeps, viewer: Viewer, body: CheckoutBody, origin: string): Promise<{ url: string }> {
  const [live] = await deps.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, viewer.userId));
  if (live && LIVE_STATUSES.has(live.status)) {
    throw new AppError("CONFLICT", "You already have a subscription. Change your plan from your account page.");
  }
  const coupon = body.couponCode ? await findUsableCoupon(deps.db, body.couponCode, body.plan) : null;
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
      discountPercent,
      couponCode: coupon?.code ?? null,
      successUrl: `${origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/checkout/cancel`,
    });
    await deps.db.insert(checkoutSessions).values({ id: session.id, userId: viewer.userId, provider: deps.provider.kind, plan: body.plan, couponId: coupon?.id ?? null, discountPercent, amountCents });
    return { url: session.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error }, "creating a checkout session failed");
    throw new AppError("SERVICE_UNAVAILABLE", BILLING_MESSAGES.checkoutFailed);
  }
}

/**
 * Confirms a checkout with the provider itself (success page and webhook alike): once it is paid,
 * marks it complete, counts its coupon once, and syncs the customer. Forged or unpaid ids grant nothing.
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
    const counted = await redeemCoupon(deps.db, claimed.couponId);
    if (counted) await deps.db.update(checkoutSessions).set({ couponRedeemed: true }).where(eq(checkoutSessions.id, sessionId));
    else deps.logger.warn({ sessionId, couponId: claimed.couponId }, "coupon limit reached before this checkout completed; not counted");
  }
  await syncCustomer(deps, remote.customerId);
  const [subscription] = await deps.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, session.userId));
  return { tier: session.plan, status: subscription?.status ?? "unknown" };
}
