import type { Env } from "../env";

export type BillingConfig =
  | { mode: "local" }
  | { mode: "stripe"; secretKey: string; publishableKey: string; webhookSecret: string | undefined; apiBase: string | undefined }
  | { mode: "misconfigured"; problems: string[] };

const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/;
const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9]{8,}$/;

/**
 * Stripe when its keys are set, the local test mode when none is. A half or malformed Stripe setup is
 * "misconfigured": the web app then shows the spec's configuration error page on every route.
 */
export function readBillingConfig(env: Env): BillingConfig {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = env;
  if (!secretKey && !publishableKey) return { mode: "local" };
  const problems: string[] = [];
  if (!secretKey) problems.push("STRIPE_SECRET_KEY is missing (expected sk_test_… or sk_live_…)");
  else if (!SECRET_KEY.test(secretKey)) problems.push("STRIPE_SECRET_KEY is malformed (expected sk_test_… or sk_live_…)");
  if (!publishableKey) problems.push("STRIPE_PUBLISHABLE_KEY is missing (expected pk_test_… or pk_live_…)");
  else if (!PUBLISHABLE_KEY.test(publishableKey)) problems.push("STRIPE_PUBLISHABLE_KEY is malformed (expected pk_test_… or pk_live_…)");
  if (problems.length > 0 || !secretKey || !publishableKey) return { mode: "misconfigured", problems };
  return { mode: "stripe", secretKey, publishableKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE };
}
