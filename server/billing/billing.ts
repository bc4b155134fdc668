import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { ViewerResolver } from "../auth/viewer";
import type { Database } from "../db/client";
import type { Env } from "../env";
import { readBillingConfig, type BillingConfig } from "./billing-config";
import { billingRoutes } from "./billing.routes";
import { couponRoutes } from "./coupons.routes";
import { createCustomerLock } from "./customer-lock";
import { createLocalProvider } from "./local/local.provider";
import { localBillingRoutes } from "./local/local.routes";
import { createStripeClient, createStripeProvider } from "./stripe/stripe.provider";
import type { BillingDeps } from "./sync";
import { stripeWebhookRoutes } from "./webhook.routes";

interface BillingSetup {
  env: Env;
  db: Database;
  databaseKind: "pglite" | "postgres";
  logger: Logger;
  viewers: ViewerResolver;
  origin: string;
}

/** Chooses the provider from configuration and mounts billing; a misconfigured Stripe mounts nothing but logs why. */
export async function registerBilling(app: FastifyInstance, { env, db, databaseKind, logger, viewers, origin }: BillingSetup): Promise<{ config: BillingConfig; deps: BillingDeps | null }> {
  const config = readBillingConfig(env);
  await app.register(couponRoutes, { db });
  if (config.mode === "misconfigured") {
    for (const problem of config.problems) logger.error(`Stripe configuration error: ${problem}`);
    return { config, deps: null };
  }
  const stripe = config.mode === "stripe" ? await createStripeClient(config.secretKey, config.apiBase) : null;
  const provider = stripe ? createStripeProvider(stripe) : createLocalProvider(db, origin);
  // Billing's share of the pool: a burst of webhooks leaves the other 7 in 10 connections to members.
  const lockCustomer = createCustomerLock(db, databaseKind, { connections: Math.max(1, Math.floor(env.DATABASE_POOL_SIZE * 0.3)) });
  const deps: BillingDeps = { db, provider, logger, viewers, graceDays: env.BILLING_GRACE_DAYS, lockCustomer };
  await app.register(billingRoutes, { deps, origin });
  if (stripe && config.mode === "stripe") {
    if (!config.webhookSecret) logger.error("STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused until it is");
    await app.register(stripeWebhookRoutes, { deps, stripe, webhookSecret: config.webhookSecret });
  } else {
    await app.register(localBillingRoutes, { deps });
  }
  return { config, deps };
}
