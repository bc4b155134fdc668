import { z } from "zod";
import type { PaidTier } from "../tiers";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The longest range one request reads: ten years of months. */
export const REVENUE_MAX_MONTHS = 120;

/** A range of months, both ends included ('2026-01' to '2026-06'); by default the last twelve. */
export const revenueRangeSchema = z
  .object({
    from: z.string().regex(MONTH, "Use a month like 2026-01").optional(),
    to: z.string().regex(MONTH, "Use a month like 2026-01").optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: "The first month must not be after the last", path: ["from"] });
export type RevenueRange = z.infer<typeof revenueRangeSchema>;

export const MRR_MOVEMENTS = ["new", "expansion", "contraction", "churn", "reactivation", "paused", "resumed"] as const;
export type MrrMovement = (typeof MRR_MOVEMENTS)[number];

export interface TierMembers {
  /** Paying: active or past due. */
  paying: number;
  trialing: number;
  paused: number;
  /** Granted by an admin: no revenue. */
  comped: number;
}

export interface RevenueMonth {
  /** '2026-03' */
  month: string;
  mrrStartCents: number;
  mrrEndCents: number;
  /** Cents each movement added (churn, contraction and pauses are negative), and members moving. */
  movements: Record<MrrMovement, { cents: number; members: number }>;
  payingStart: number;
  payingEnd: number;
  /** Members who cancelled a paid subscription in the month, over those paying at its start; null when none were. */
  churnRate: number | null;
  membersByTier: Record<PaidTier, TierMembers>;
  trials: { started: number; converted: number; ended: number; conversionRate: number | null };
  coupons: Array<{ code: string; uses: number }>;
  saveOffers: { shown: number; accepted: number; declined: number };
  cancelReasons: Array<{ reason: string; count: number }>;
}

export interface RevenueCohort {
  /** The month its members first paid: '2026-03'. */
  cohort: string;
  joined: number;
  /** Share still paying at the end of the joining month (index 0) and each month after, through the range's end. */
  stillPaying: number[];
}

export interface RevenueFigures {
  from: string;
  to: string;
  months: RevenueMonth[];
  cohorts: RevenueCohort[];
}

export const REVENUE_EXPORTS = ["mrr", "members", "churn", "trials", "coupons", "save-offers", "cohorts"] as const;
export type RevenueExport = (typeof REVENUE_EXPORTS)[number];
