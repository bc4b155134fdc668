import type { PaidTier } from "../../common/tiers";

/** Prices are found by these lookup keys, in Stripe and in the local provider alike. */
export const PRICE_LOOKUP_KEYS: Record<PaidTier, string> = {
  inventor: "inventor_monthly",
  entrepreneur: "entrepreneur_monthly",
  "brand-ceo": "brand_ceo_monthly",
};

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  paymentMethod: { brand: string; last4: string } | null;
  /** A plan change waiting for the period end: with Stripe, the schedule's next phase. */
  pendingChange: { priceId: string; startsAt: Date } | null;
  /** The renewal the provider could not collect yet (its latest invoice, while open). */
  unpaidInvoice: UnpaidInvoice | null;
}

export interface UnpaidInvoice {
  amountCents: number;
  /** Collection attempts so far, the first failed one included. */
  attempts: number;
  /** When the provider tries the card again by itself; null when it will not. */
  nextAttemptAt: Date | null;
}

export interface ProviderCheckout {
  id: string;
  customerId: string | null;
  complete: boolean;
  paid: boolean;
}

export interface ProviderInvoice {
  id: string;
  amountCents: number;
  status: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  createdAt: Date;
  url: string | null;
}

/** Our coupon as the provider mirrors it: with Stripe, a promotion code with its own redemption limit. */
export interface CheckoutCoupon {
  id: string;
  code: string;
  discountPercent: number;
  usageLimit: number;
  validUntil: Date;
}

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  plan: PaidTier;
  priceId: string;
  amountCents: number;
  coupon: CheckoutCoupon | null;
  /** After this the checkout can no longer be paid (its coupon hold ends just after). */
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

/** What billing needs from a payment provider; Stripe and the local test mode implement it. */
export interface BillingProvider {
  readonly kind: "stripe" | "local";
  /** The provider's price id for each paid tier (resolved by lookup key). */
  prices(): Promise<Record<PaidTier, string>>;
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  getCheckout(id: string): Promise<ProviderCheckout | null>;
  /** The subscription that decides the customer's tier: the newest live one, else the newest. */
  currentSubscription(customerId: string): Promise<ProviderSubscription | null>;
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  listInvoices(customerId: string): Promise<ProviderInvoice[]>;
  /** What an upgrade to `priceId` prorated at `at` would charge today, in cents (Stripe's invoice preview). */
  previewUpgrade(subscriptionId: string, priceId: string, at: Date): Promise<number>;
  /** Releases any pending change, then moves to `priceId` at once, invoicing the proration from `at`. */
  upgradeNow(subscriptionId: string, priceId: string, at: Date): Promise<void>;
  /** Sets the price the next period starts on (a downgrade), or with null cancels the pending change. */
  schedulePlanChange(subscriptionId: string, priceId: string | null): Promise<void>;
  /** Ends the subscription at once (its account is being deleted): no further charges. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Deletes the customer and what the provider holds for it (a member deleting their account); a customer already gone counts as deleted. */
  deleteCustomer(customerId: string): Promise<void>;
}

/** Provider statuses that still count as a subscription someone is paying for, newest first wins. */
export const LIVE_STATUSES = new Set(["active", "trialing", "past_due"]);
