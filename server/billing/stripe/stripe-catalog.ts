import type Stripe from "stripe";
import { PAID_TIERS, PLANS, type PaidTier } from "../../../common/tiers";
import { PRICE_LOOKUP_KEYS } from "../provider";

/**
 * Creates the three monthly products and prices in a Stripe account when their lookup keys are
 * missing; leaves existing ones alone. Returns what it found or created, per tier.
 */
export async function ensureStripeCatalog(stripe: Stripe): Promise<Array<{ tier: PaidTier; priceId: string; created: boolean }>> {
  const existing = await stripe.prices.list({ lookup_keys: Object.values(PRICE_LOOKUP_KEYS), active: true, limit: 10 });
  const results: Array<{ tier: PaidTier; priceId: string; created: boolean }> = [];
  for (const tier of PAID_TIERS) {
    const found = existing.data.find((price) => price.lookup_key === PRICE_LOOKUP_KEYS[tier]);
    if (found) {
      results.push({ tier, priceId: found.id, created: false });
      continue;
    }
    const product = await stripe.products.create({ name: `${PLANS[tier].name} Membership`, metadata: { tier } }, { idempotencyKey: `product-${tier}` });
    const price = await stripe.prices.create(
      { product: product.id, unit_amount: PLANS[tier].priceCents, currency: "usd", recurring: { interval: "month" }, lookup_key: PRICE_LOOKUP_KEYS[tier], nickname: `${PLANS[tier].name} monthly` },
      { idempotencyKey: `price-${tier}` },
    );
    results.push({ tier, priceId: price.id, created: true });
  }
  return results;
}
