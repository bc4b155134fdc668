import { and, count, eq, gt, lt, ne, sql } from "drizzle-orm";
import { BILLING_MESSAGES, normalizeCouponCode } from "../../common/contracts/billing";
import type { PaidTier } from "../../common/tiers";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { couponHolds, coupons, type CouponRow } from "./billing.table";

/**
 * Holds stay in the table this long after they expire, so a payment confirmed late (a webhook Stripe
 * retries for up to three days) still finds the hold it paid under. Expired holds count for nothing.
 */
const EXPIRED_HOLD_KEPT_MS = 4 * 86_400_000;

/** Uses claimed by checkouts that can still be paid, per coupon. */
export async function liveHoldCounts(db: Database, now: Date): Promise<Map<string, number>> {
  const rows = await db.select({ couponId: couponHolds.couponId, held: count() }).from(couponHolds).where(gt(couponHolds.expiresAt, now)).groupBy(couponHolds.couponId);
  return new Map(rows.map((row) => [row.couponId, Number(row.held)]));
}

/** Live holds on one coupon, leaving out `exceptUserId`'s own (a new checkout of theirs replaces them). */
export async function liveHoldsOf(db: Database, couponId: string, now: Date, exceptUserId?: string): Promise<number> {
  const [row] = await db
    .select({ held: count() })
    .from(couponHolds)
    .where(and(eq(couponHolds.couponId, couponId), gt(couponHolds.expiresAt, now), exceptUserId ? ne(couponHolds.userId, exceptUserId) : undefined));
  return Number(row?.held ?? 0);
}

/**
 * Claims one use of the coupon `code` for `tier` until `expiresAt`, or answers 400 'Invalid coupon
 * code' when it is unknown, inactive, expired, for another tier, or every use is used or held. The
 * coupon row is locked while counting, so concurrent claims (on any instance) never exceed the limit.
 * A member's earlier holds on the same coupon are released: one open checkout holds one use.
 */
export async function claimCouponHold(db: Database, claim: { code: string; tier: PaidTier; userId: string; expiresAt: Date; now: Date }): Promise<{ coupon: CouponRow; holdId: string }> {
  return db.transaction(async (tx) => {
    const [coupon] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.code, normalizeCouponCode(claim.code)), eq(coupons.membershipTier, claim.tier), eq(coupons.isActive, true), gt(coupons.validUntil, claim.now)))
      .for("update");
    if (!coupon) throw new AppError("BAD_REQUEST", BILLING_MESSAGES.invalidCoupon);
    await tx.delete(couponHolds).where(and(eq(couponHolds.couponId, coupon.id), eq(couponHolds.userId, claim.userId)));
    const held = await liveHoldsOf(tx as unknown as Database, coupon.id, claim.now);
    if (coupon.usedCount + held >= coupon.usageLimit) throw new AppError("BAD_REQUEST", BILLING_MESSAGES.invalidCoupon);
    const [hold] = await tx.insert(couponHolds).values({ couponId: coupon.id, userId: claim.userId, expiresAt: claim.expiresAt }).returning({ id: couponHolds.id });
    if (!hold) throw new Error("coupon hold was not written");
    return { coupon, holdId: hold.id };
  });
}

/** Ties a hold to the provider checkout that was opened under it. */
export async function attachHold(db: Database, holdId: string, checkoutSessionId: string): Promise<void> {
  await db.update(couponHolds).set({ checkoutSessionId }).where(eq(couponHolds.id, holdId));
}

/** Gives a held use back at once (the checkout failed to open, expired or was abandoned). */
export async function releaseHold(db: Database, where: { holdId: string } | { checkoutSessionId: string }): Promise<void> {
  await db.delete(couponHolds).where("holdId" in where ? eq(couponHolds.id, where.holdId) : eq(couponHolds.checkoutSessionId, where.checkoutSessionId));
}

/** Whether the checkout's hold can still be paid under. */
export async function hasLiveHold(db: Database, checkoutSessionId: string, now: Date): Promise<boolean> {
  const [hold] = await db.select({ id: couponHolds.id }).from(couponHolds).where(and(eq(couponHolds.checkoutSessionId, checkoutSessionId), gt(couponHolds.expiresAt, now)));
  return Boolean(hold);
}

/**
 * A paid checkout turns its hold into a use. A live hold had the use reserved; a late one (expired,
 * or gone) counts only if a use is still free, under the coupon's row lock. False when not counted.
 */
export async function convertHoldToUse(db: Database, couponId: string, checkoutSessionId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for("update");
    if (!coupon) return false;
    const [hold] = await tx.delete(couponHolds).where(eq(couponHolds.checkoutSessionId, checkoutSessionId)).returning({ expiresAt: couponHolds.expiresAt });
    const reserved = hold !== undefined && hold.expiresAt > now;
    if (!reserved && coupon.usedCount + (await liveHoldsOf(tx as unknown as Database, couponId, now)) >= coupon.usageLimit) return false;
    await tx.update(coupons).set({ usedCount: sql`${coupons.usedCount} + 1` }).where(eq(coupons.id, couponId));
    return true;
  });
}

/** Deletes holds that expired long enough ago that no late payment can still claim them. */
export async function deleteExpiredHolds(db: Database, now: Date): Promise<number> {
  const deleted = await db.delete(couponHolds).where(lt(couponHolds.expiresAt, new Date(now.getTime() - EXPIRED_HOLD_KEPT_MS))).returning({ id: couponHolds.id });
  return deleted.length;
}
