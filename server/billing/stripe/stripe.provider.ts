import type Stripe from "stripe";
import { PAID_TIERS, type PaidTier } from "../../../common/tiers";
import { LIVE_STATUSES, PRICE_LOOKUP_KEYS, type BillingProvider, type CheckoutCoupon, type ProviderSubscription } from "../provider";

/**
 * The Stripe SDK, aimed at `apiBase` (a local stand-in in tests) when given. Loaded here rather than
 * at the top: it holds ~9 MB resident, and a server without Stripe keys never needs it.
 */
export async function createStripeClient(secretKey: string, apiBase?: string): Promise<Stripe> {
  const { default: StripeSdk } = await import("stripe");
  if (!apiBase) return new StripeSdk(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(apiBase);
  return new StripeSdk(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
    protocol: url.protocol === "https:" ? "https" : "http",
    maxNetworkRetries: 0,
    timeout: 10_000,
  });
}

/** Hosted Checkout in subscription mode, the Customer Portal and subscriptions, through the official SDK. */
export function createStripeProvider(stripe: Stripe): BillingProvider {
  let prices: Promise<Record<PaidTier, string>> | null = null;

  async function loadPrices(): Promise<Record<PaidTier, string>> {
    const list = await stripe.prices.list({ lookup_keys: Object.values(PRICE_LOOKUP_KEYS), active: true, limit: 10 });
    const byKey = new Map(list.data.map((price) => [price.lookup_key, price.id]));
    const entries = PAID_TIERS.map((tier) => {
      const id = byKey.get(PRICE_LOOKUP_KEYS[tier]);
      if (!id) throw new Error(`Stripe has no active price with lookup key ${PRICE_LOOKUP_KEYS[tier]}: run npm run stripe:setup`);
      return [tier, id] as const;
    });
    return Object.fromEntries(entries) as Record<PaidTier, string>;
  }

  async function ensureCoupon(code: string, percent: number): Promise<string> {
    // One Stripe coupon per (code, percent); a first-payment discount, as shown at checkout.
    const id = `community_${code}_${percent}`.toLowerCase();
    try {
      return (await stripe.coupons.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof stripe.errors.StripeInvalidRequestError)) throw error;
    }
    try {
      return (await stripe.coupons.create({ id, percent_off: percent, duration: "once", name: code })).id;
    } catch (error) {
      // Another checkout created it a moment ago.
      if (error instanceof stripe.errors.StripeInvalidRequestError && error.code === "resource_already_exists") return id;
      throw error;
    }
  }

  /**
   * One Stripe promotion code per coupon of ours, limited to the coupon's uses: Stripe itself then
   * refuses a discount past the limit on hosted Checkout, whatever our holds say.
   */
  async function ensurePromotionCode(coupon: CheckoutCoupon): Promise<string> {
    const stripeCoupon = await ensureCoupon(coupon.code, coupon.discountPercent);
    const find = async () => (await stripe.promotionCodes.list({ coupon: stripeCoupon, active: true, limit: 100 })).data.find((promotion) => promotion.metadata?.couponId === coupon.id);
    const existing = await find();
    if (existing) return existing.id;
    try {
      const created = await stripe.promotionCodes.create(
        { promotion: { type: "coupon", coupon: stripeCoupon }, max_redemptions: coupon.usageLimit, expires_at: Math.floor(coupon.validUntil.getTime() / 1000), metadata: { couponId: coupon.id, code: coupon.code } },
        { idempotencyKey: `promotion-code-${coupon.id}` },
      );
      return created.id;
    } catch (error) {
      // Another instance is creating the same code under the same idempotency key.
      const raced = await find();
      if (raced) return raced.id;
      throw error;
    }
  }

  async function subscriptionWithItem(subscriptionId: string): Promise<{ subscription: Stripe.Subscription; item: Stripe.SubscriptionItem }> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error("subscription has no item");
    return { subscription, item };
  }

  return {
    kind: "stripe",
    prices() {
      prices ??= loadPrices().catch((error: unknown) => {
        prices = null;
        throw error;
      });
      return prices;
    },
    async createCustomer(user) {
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { userId: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },
    async createCheckout(request) {
      const discounts = request.coupon ? [{ promotion_code: await ensurePromotionCode(request.coupon) }] : undefined;
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer: request.customerId,
        line_items: [{ price: request.priceId, quantity: 1 }],
        discounts,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.userId,
        metadata: { userId: request.userId, plan: request.plan },
        subscription_data: { metadata: { userId: request.userId } },
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { id: session.id, url: session.url };
    },
    async getCheckout(id) {
      try {
        const session = await stripe.checkout.sessions.retrieve(id);
        const customerId = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
        return { id: session.id, customerId, complete: session.status === "complete", paid: session.payment_status === "paid" || session.payment_status === "no_payment_required" };
      } catch (error) {
        if (error instanceof stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },
    async currentSubscription(customerId) {
      const list = await stripe.subscriptions.list({ customer: customerId, status: "all", limit: 10, expand: ["data.default_payment_method", "data.schedule", "data.latest_invoice"] });
      const newestFirst = [...list.data].sort((a, b) => b.created - a.created);
      const chosen = newestFirst.find((subscription) => LIVE_STATUSES.has(subscription.status)) ?? newestFirst[0];
      return chosen ? toProviderSubscription(chosen) : null;
    },
    async createPortal(customerId, returnUrl) {
      return (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url;
    },
    async listInvoices(customerId) {
      const list = await stripe.invoices.list({ customer: customerId, limit: 24 });
      return list.data.map((invoice) => {
        // The billed period is on the line; the invoice's own period fields describe its creation.
        const period = invoice.lines?.data[0]?.period;
        return {
          id: invoice.id ?? "",
          amountCents: invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due,
          status: invoice.status ?? "draft",
          periodStart: period ? new Date(period.start * 1000) : null,
          periodEnd: period ? new Date(period.end * 1000) : null,
          createdAt: new Date(invoice.created * 1000),
          url: invoice.hosted_invoice_url ?? null,
        };
      });
    },
    async cancelSubscription(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },
    async deleteCustomer(customerId) {
      try {
        // Stripe cancels the customer's remaining subscriptions at once and removes its payment methods.
        await stripe.customers.del(customerId);
      } catch (error) {
        if (error instanceof stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return;
        throw error;
      }
    },
    async previewUpgrade(subscriptionId, priceId, at) {
      const { subscription, item } = await subscriptionWithItem(subscriptionId);
      const preview = await stripe.invoices.createPreview({
        customer: customerIdOf(subscription),
        subscription: subscriptionId,
        subscription_details: { items: [{ id: item.id, price: priceId }], proration_behavior: "always_invoice", proration_date: unixSeconds(at) },
      });
      return preview.amount_due;
    },
    async upgradeNow(subscriptionId, priceId, at) {
      const { subscription, item } = await subscriptionWithItem(subscriptionId);
      // A schedule owns the subscription's items: release it, so the upgrade prorates from the price paid now.
      if (subscription.schedule) await stripe.subscriptionSchedules.release(idOf(subscription.schedule));
      await stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, price: priceId }], proration_behavior: "always_invoice", proration_date: unixSeconds(at), cancel_at_period_end: false });
    },
    async schedulePlanChange(subscriptionId, priceId) {
      const { subscription, item } = await subscriptionWithItem(subscriptionId);
      if (!priceId) {
        if (subscription.schedule) await stripe.subscriptionSchedules.release(idOf(subscription.schedule));
        return;
      }
      const scheduleId = subscription.schedule ? idOf(subscription.schedule) : (await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId })).id;
      const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
      const quantity = item.quantity ?? 1;
      await stripe.subscriptionSchedules.update(scheduleId, {
        end_behavior: "release",
        proration_behavior: "none",
        phases: [
          { items: [{ price: item.price.id, quantity }], start_date: schedule.current_phase?.start_date ?? item.current_period_start, end_date: item.current_period_end },
          { items: [{ price: priceId, quantity }], duration: { interval: "month", interval_count: 1 } },
        ],
      });
    },
  };
}

const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
const idOf = (value: string | { id: string }): string => (typeof value === "string" ? value : value.id);
const customerIdOf = (subscription: Stripe.Subscription): string => idOf(subscription.customer);

/** The schedule's phase that starts when the current period ends: the pending plan change, if any. */
function pendingChangeOf(subscription: Stripe.Subscription, periodEnd: number | undefined): ProviderSubscription["pendingChange"] {
  const schedule = subscription.schedule;
  if (!schedule || typeof schedule === "string" || schedule.status !== "active" || periodEnd === undefined) return null;
  const next = schedule.phases.find((phase) => phase.start_date === periodEnd);
  const price = next?.items[0]?.price;
  if (!next || !price) return null;
  const priceId = idOf(price);
  return priceId === subscription.items.data[0]?.price.id ? null : { priceId, startsAt: new Date(next.start_date * 1000) };
}

function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start;
  const end = item?.current_period_end ?? legacy.current_period_end;
  const method = subscription.default_payment_method;
  const card = method && typeof method !== "string" ? method.card : null;
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    priceId: item?.price.id ?? null,
    currentPeriodStart: start ? new Date(start * 1000) : null,
    currentPeriodEnd: end ? new Date(end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    paymentMethod: card ? { brand: card.brand, last4: card.last4 } : null,
    pendingChange: pendingChangeOf(subscription, end),
    unpaidInvoice: unpaidInvoiceOf(subscription),
  };
}

function unpaidInvoiceOf(subscription: Stripe.Subscription): ProviderSubscription["unpaidInvoice"] {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string" || invoice.status !== "open") return null;
  return {
    amountCents: invoice.amount_remaining,
    attempts: invoice.attempt_count,
    nextAttemptAt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
  };
}
