import { eq } from "drizzle-orm";
import { parseArgs } from "node:util";
import pino from "pino";
import { users } from "../auth/auth.table";
import type { ViewerResolver } from "../auth/viewer";
import { readBillingConfig } from "../billing/billing-config";
import { createLocalProvider } from "../billing/local/local.provider";
import { advanceLocalSubscription, type AdvanceEvent } from "../billing/local/local.service";
import { openDatabase } from "../db/open-database";
import { loadEnv, publicUrl } from "../env";

const EVENTS: Record<AdvanceEvent, string> = {
  renew: "the period renews and is paid",
  fail: "the renewal payment fails (past_due; the tier stays for the grace period)",
  recover: "the open invoice is paid (active again)",
  "end-period": "the period ends (a subscription set to cancel at period end is canceled)",
  cancel: "the subscription is canceled at once",
};

/** npm run billing:advance -- --email E --event renew|fail|recover|end-period|cancel (local test mode only). */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: "string" }, event: { type: "string" } } });
  const event = values.event as AdvanceEvent | undefined;
  if (!values.email || !event || !(event in EVENTS)) {
    console.error(`usage: npm run billing:advance -- --email member@example.com --event <event>\n${Object.entries(EVENTS).map(([name, text]) => `  ${name.padEnd(10)} ${text}`).join("\n")}`);
    process.exit(2);
  }
  const env = loadEnv();
  if (readBillingConfig(env).mode !== "local") {
    console.error("billing:advance drives the local test mode only; with Stripe, use Stripe's test clocks.");
    process.exit(2);
  }
  const database = openDatabase(env);
  try {
    await database.migrate();
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, values.email.trim().toLowerCase()));
    if (!user) throw new Error(`No account with the email ${values.email}`);
    const noCache: ViewerResolver = { resolve: async () => null, forgetUser: () => undefined, forgetToken: () => undefined };
    const deps = { db: database.db, provider: createLocalProvider(database.db, new URL(publicUrl(env)).origin), logger: pino({ level: "warn" }), viewers: noCache, graceDays: env.BILLING_GRACE_DAYS };
    const status = await advanceLocalSubscription(deps, user.id, event);
    console.log(`${values.email}: ${EVENTS[event]}; subscription is now ${status}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
