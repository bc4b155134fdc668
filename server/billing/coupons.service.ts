import { and, asc, desc, eq, gt } from "drizzle-orm";
import { BILLING_MESSAGES, normalizeCouponCode, type Coupon, type CreateCouponBody } from "../../common/contracts/billing";
import type { PaidTier } from "../../common/tiers";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { coupons, type CouponRow } from "./billing.table";
import { liveHoldCounts, liveHoldsOf } from "./coupon-holds.service";

export function toCouponDto(row: CouponRow, heldCount: number): Coupon {
  return {
    id: row.id,
    code: row.code,
    discount: row.discountPercent,
    membershipTier: row.membershipTier,
    usedCount: row.usedCount,
    heldCount,
    usageLimit: row.usageLimit,
    validUntil: row.validUntil.toISOString(),
    isActive: row.isActive,
  };
}

/**
 * The coupon `code` grants `userId` on `tier` right now, or 400 'Invalid coupon code': only its own
 * tier, only while active, unexpired and with a use neither used nor held by someone else. Codes
 * compare trimmed and upper-cased. A check only: the checkout claims the use (coupon-holds.service.ts).
 */
export async function findUsableCoupon(db: Database, code: string, tier: PaidTier, userId: string): Promise<CouponRow> {
  const now = new Date();
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, normalizeCouponCode(code)), eq(coupons.membershipTier, tier), eq(coupons.isActive, true), gt(coupons.validUntil, now)));
  const held = row ? await liveHoldsOf(db, row.id, now, userId) : 0;
  if (!row || row.usedCount + held >= row.usageLimit) throw new AppError("BAD_REQUEST", BILLING_MESSAGES.invalidCoupon);
  return row;
}

/** Active first, then the earliest expiry (spec 001 §4). */
export async function listCoupons(db: Database): Promise<Coupon[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.isActive), asc(coupons.validUntil));
  const held = await liveHoldCounts(db, new Date());
  return rows.map((row) => toCouponDto(row, held.get(row.id) ?? 0));
}

export async function createCoupon(db: Database, body: CreateCouponBody): Promise<Coupon> {
  const [row] = await db
    .insert(coupons)
    .values({ code: body.code, discountPercent: body.discount, membershipTier: body.membershipTier, usageLimit: body.usageLimit, validUntil: new Date(body.validUntil) })
    .onConflictDoNothing({ target: coupons.code })
    .returning();
  if (!row) throw new AppError("CONFLICT", BILLING_MESSAGES.couponCodeTaken, { code: BILLING_MESSAGES.couponCodeTaken });
  return toCouponDto(row, 0);
}

export async function setCouponActive(db: Database, id: string, isActive: boolean): Promise<Coupon> {
  const [row] = await db.update(coupons).set({ isActive }).where(eq(coupons.id, id)).returning();
  if (!row) throw new AppError("NOT_FOUND", "Coupon not found");
  const held = await liveHoldCounts(db, new Date());
  return toCouponDto(row, held.get(row.id) ?? 0);
}

export async function deleteCoupon(db: Database, id: string): Promise<void> {
  const deleted = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Coupon not found");
}
