import { parseArgs } from "node:util";
import pino from "pino";
import type { ViewerResolver } from "../auth/viewer";
import { readBillingConfig } from "../billing/billing-config";
import { createCustomerLock } from "../billing/customer-lock";
import { createLocalProvider } from "../billing/local/local.provider";
import { loadEnv, publicUrl } from "../env";
import { LOCAL_BILLING_ONLY } from "../features/system/control-commands";
import { BillingAdvanceArgsSchema, billingAdvanceCommand, describeBadArguments } from "./commands";
import { finishCommand, runCommand } from "./run-command";

/**
 * npm run billing:advance -- --email E --event renew|fail|recover|end-period|cancel (local test mode
 * only); while a server holds the embedded database, through that server.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: "string" }, event: { type: "string" } } });
  const parsed = BillingAdvanceArgsSchema.safeParse(values);
  if (!parsed.success) finishCommand(describeBadArguments(parsed.error));
  if (readBillingConfig(loadEnv()).mode !== "local") finishCommand(LOCAL_BILLING_ONLY);
  const result = await runCommand("billing:advance", parsed.data, async (env, database) => {
    // This process has no viewer cache to clear: a running server would have refused it the database.
    const noCache: ViewerResolver = { resolve: async () => null, forgetUser: () => undefined, forgetToken: () => undefined };
    const provider = createLocalProvider(database.db, new URL(publicUrl(env)).origin);
    const lockCustomer = createCustomerLock(database.db, database.kind);
    return billingAdvanceCommand({ db: database.db, provider, logger: pino({ level: "warn" }), viewers: noCache, graceDays: env.BILLING_GRACE_DAYS, lockCustomer }, parsed.data);
  });
  finishCommand(result);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
