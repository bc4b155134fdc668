import { z } from "zod";
import { endOfChosenDay } from "../end-of-day";
import { PAID_TIERS } from "../tiers";

/** User-facing texts of checkout, coupons, the account page and the coupon admin (spec 000 §4, §8; 001 §5, §8). */
export const BILLING_MESSAGES = {
  invalidCoupon: "Invalid coupon code",
  couponValidationFailed: "Failed to validate coupon",
  checkoutFailed: "Failed to create checkout session",
  genericError: "An error occurred. Please try again.",
  portalFailed: "Failed to create customer portal session",
  portalAccessFailed: "Failed to access subscription management. Please try again.",
  discountRange: "Discount must be between 1 and 100 percent",
  usageLimitPositive: "Usage limit must be greater than 0",
  usageLimitRange: "Usage limit must be a whole number from 1 to 1,000,000",
  validUntilRequired: "Valid until date is required",
  validUntilFuture: "Valid until date must be in the future",
  validUntilInvalid: "Valid until date is not a valid date",
  discountWhole: "Discount must be a whole number from 1 to 100 percent",
  couponCreateFailed: "Failed to create coupon. Please try again.",
  couponCodeRequired: "Coupon code is required",
  couponCodeTaken: "A coupon with this code already exists",
  configErrorTitle: "Stripe Configuration Error",
} as const;

/** The largest usage limit a coupon may have: far above any campaign, far below integer overflow. */
export const MAX_COUPON_USES = 1_000_000;

export const couponCreatedMessage = (code: string) => `Coupon ${code} created successfully!`;

/** Upper-cased and trimmed: how codes are stored and compared. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export const PlanSchema = z.enum(PAID_TIERS);

export const CheckoutBodySchema = z.object({
  plan: PlanSchema,
  couponCode: z.string().trim().max(64).optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

export const ValidateCouponBodySchema = z.object({ code: z.string().trim().min(1, BILLING_MESSAGES.invalidCoupon).max(64), membershipTier: PlanSchema });
export const ValidateCouponResponseSchema = z.object({ discount: z.number().int() });

export const CheckoutConfirmationSchema = z.object({ tier: PlanSchema, status: z.string() });
export type CheckoutConfirmation = z.infer<typeof CheckoutConfirmationSchema>;

/** The spec's subscription view (000 §3), dates as ISO strings, plus what the account page needs. */
export const SubscriptionViewSchema = z.object({
  status: z.string(),
  tier: PlanSchema.nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  paymentMethodBrand: z.string().nullable(),
  paymentMethodLast4: z.string().nullable(),
  /** Set while past_due: the member keeps the tier until then and sees the update-your-card banner. */
  graceEndsAt: z.string().nullable(),
  /** A downgrade waiting for the period end: the plan the next period starts on, and when. */
  pendingTier: PlanSchema.nullable(),
  downgradeTakesEffectAt: z.string().nullable(),
  /** Set once the subscription no longer grants its plan (canceled, unpaid, expired): when that plan ended. */
  endedAt: z.string().nullable(),
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

export const InvoiceSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
  url: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const AccountBillingResponseSchema = z.object({
  provider: z.enum(["stripe", "local"]),
  subscription: SubscriptionViewSchema.nullable(),
  invoices: z.array(InvoiceSchema),
});
export type AccountBillingResponse = z.infer<typeof AccountBillingResponseSchema>;

export const ChangePlanBodySchema = z.object({
  plan: PlanSchema,
  /** The moment the preview was priced at: the upgrade is prorated from it, so the invoice equals the preview. */
  prorationDate: z.iso.datetime().optional(),
});
export type ChangePlanBody = z.infer<typeof ChangePlanBodySchema>;

export const PlanChangePreviewQuerySchema = z.object({ plan: PlanSchema });

/** What choosing `plan` does: charged today (upgrades, prorated), or nothing until the period ends (downgrades). */
export const PlanChangePreviewSchema = z.object({
  plan: PlanSchema,
  takesEffect: z.enum(["now", "period_end"]),
  amountDueTodayCents: z.number().int(),
  prorationDate: z.string(),
  /** For a downgrade: the day the new plan starts. */
  changesAt: z.string().nullable(),
  /** Set when the subscription is cancelled at the period end: an upgrade resumes it, and it renews on this day. */
  resumesAndRenewsAt: z.string().nullable(),
});
export type PlanChangePreview = z.infer<typeof PlanChangePreviewSchema>;

export const PlanChangeResultSchema = z.object({ takesEffect: z.enum(["now", "period_end"]), chargedCents: z.number().int() });
export type PlanChangeResult = z.infer<typeof PlanChangeResultSchema>;

export const CouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  discount: z.number().int(),
  membershipTier: PlanSchema,
  usedCount: z.number().int(),
  /** Uses claimed by checkouts that can still be paid. */
  heldCount: z.number().int(),
  usageLimit: z.number().int(),
  validUntil: z.string(),
  isActive: z.boolean(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CreateCouponBodySchema = z.object({
  code: z.string({ error: BILLING_MESSAGES.couponCodeRequired }).trim().min(1, BILLING_MESSAGES.couponCodeRequired).max(32).transform(normalizeCouponCode).pipe(z.string().regex(/^[A-Z0-9_-]+$/, "Use letters, numbers, - and _ only")),
  discount: z.coerce.number({ error: BILLING_MESSAGES.discountRange }).int(BILLING_MESSAGES.discountWhole).min(1, BILLING_MESSAGES.discountRange).max(100, BILLING_MESSAGES.discountRange),
  membershipTier: PlanSchema,
  usageLimit: z.coerce
    .number({ error: BILLING_MESSAGES.usageLimitRange })
    .min(1, BILLING_MESSAGES.usageLimitPositive)
    .int(BILLING_MESSAGES.usageLimitRange)
    .max(MAX_COUPON_USES, BILLING_MESSAGES.usageLimitRange),
  validUntil: z
    .string({ error: BILLING_MESSAGES.validUntilRequired })
    .min(1, BILLING_MESSAGES.validUntilRequired)
    .refine((value) => endOfChosenDay(value) !== null, BILLING_MESSAGES.validUntilInvalid)
    .refine((value) => (endOfChosenDay(value)?.getTime() ?? Infinity) > Date.now(), BILLING_MESSAGES.validUntilFuture)
    // The one place a coupon's date is read: whichever door it came through, it ends with the chosen day.
    .transform((value) => endOfChosenDay(value)?.toISOString() ?? value),
});
export type CreateCouponBody = z.infer<typeof CreateCouponBodySchema>;

export const UpdateCouponBodySchema = z.object({ isActive: z.boolean() });

/** A member whose renewal failed, as the admin's failed-payments list shows them. */
export const FailedPaymentSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  tier: PlanSchema.nullable(),
  amountCents: z.number().int(),
  attempts: z.number().int(),
  /** When the provider tries the card again by itself; null when it will not (the test mode never does). */
  nextAttemptAt: z.string().nullable(),
  pastDueSince: z.string().nullable(),
  graceEndsAt: z.string().nullable(),
  remindersSent: z.number().int(),
  lastReminderAt: z.string().nullable(),
});
export type FailedPayment = z.infer<typeof FailedPaymentSchema>;
export const FailedPaymentsResponseSchema = z.object({ failedPayments: z.array(FailedPaymentSchema) });
export type FailedPaymentsResponse = z.infer<typeof FailedPaymentsResponseSchema>;
