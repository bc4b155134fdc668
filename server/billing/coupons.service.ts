import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { BILLING_MESSAGES, normalizeCouponCode, type Coupon, type CreateCouponBody } from "../../common/contracts/billing";
import type { PaidTier } from "../../common/tiers";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { coupons } from "./billing.table";

export type CouponRow = typeof coupons.$inferSelect;

export function toCouponDto(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    discount: row.discountPercent,
    membershipTier: row.membershipTier,
    usedCount: row.usedCount,
    usageLimit: row.usageLimit,
    validUntil: row.validUntil.toISOString(),
    isActive: row.isActive,
  };
}

/**
 * The coupon `code` grants on `tier` right now, or 400 'Invalid coupon code': only its own tier,
 * only while active, unexpired and under its usage limit. Codes compare trimmed and upper-cased.
 */
export async function findUsableCoupon(db: Database, code: string, tier: PaidTier): Promise<CouponRow> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.code, normalizeCouponCode(code)),
        eq(coupons.membershipTier, tier),
        eq(coupons.isActive, true),
        gt(coupons.validUntil, new Date()),
        lt(coupons.usedCount, coupons.usageLimit),
      ),
    );
  if (!row) throw new AppError("BAD_REQUEST", BILLING_MESSAGES.invalidCoupon);
  return row;
}

/**
 * Counts one redemption, atomically: never past the limit, whatever runs at the same time.
 * Returns false when the limit was already reached.
 */
export async function redeemCoupon(db: Database, couponId: string): Promise<boolean> {
  const updated = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.id, couponId), lt(coupons.usedCount, coupons.usageLimit)))
    .returning({ id: coupons.id });
  return updated.length === 1;
}

/** Active first, then the earliest expiry (spec 001 §4). */
export async function listCoupons(db: Database): Promise<Coupon[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.isActive), asc(coupons.validUntil));
  return rows.map(toCouponDto);
}

export async function createCoupon(db: Database, body: CreateCouponBody): Promise<Coupon> {
  const [row] = await db
    .insert(coupons)
    .values({ code: body.code, discountPercent: body.discount, membershipTier: body.membershipTier, usageLimit: body.usageLimit, validUntil: new Date(body.validUntil) })
    .onConflictDoNothing({ target: coupons.code })
    .returning();
  if (!row) throw new AppError("CONFLICT", BILLING_MESSAGES.couponCodeTaken, { code: BILLING_MESSAGES.couponCodeTaken });
  return toCouponDto(row);
}

export async function setCouponActive(db: Database, id: string, isActive: boolean): Promise<Coupon> {
  const [row] = await db.update(coupons).set({ isActive }).where(eq(coupons.id, id)).returning();
  if (!row) throw new AppError("NOT_FOUND", "Coupon not found");
  return toCouponDto(row);
}

export async function deleteCoupon(db: Database, id: string): Promise<void> {
  const deleted = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Coupon not found");
}
