import { ensureStripeCatalog } from "../billing/stripe/stripe-catalog";
import { createStripeClient } from "../billing/stripe/stripe.provider";
import { loadEnv, publicUrl } from "../env";

/** npm run stripe:setup: the products and prices this app expects, then how to point webhooks at it. */
async function main(): Promise<void> {
  const env = loadEnv();
  if (!env.STRIPE_SECRET_KEY) {
    console.error("Set STRIPE_SECRET_KEY (sk_test_… or sk_live_…) first.");
    process.exit(2);
  }
  const stripe = await createStripeClient(env.STRIPE_SECRET_KEY, env.STRIPE_API_BASE);
  for (const { tier, priceId, created } of await ensureStripeCatalog(stripe)) {
    console.log(`${created ? "created" : "found  "} ${tier.padEnd(12)} ${priceId}`);
  }
  console.log(`
Webhook: in the Stripe dashboard (Developers > Webhooks) add the endpoint
  ${publicUrl(env)}/api/billing/webhook
with the events
  checkout.session.completed, checkout.session.expired, customer.subscription.created,
  customer.subscription.updated, customer.subscription.deleted, invoice.paid, invoice.payment_failed
and set STRIPE_WEBHOOK_SECRET to its signing secret (whsec_…).
Customer portal: enable it in Settings > Billing > Customer portal (cancel, update card, switch plans).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
