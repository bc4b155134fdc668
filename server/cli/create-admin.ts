import { parseArgs } from "node:util";
import pino from "pino";
import { createAuth } from "../auth/auth";
import { resolveAuthSecret } from "../auth/auth-secret";
import { createMailer } from "../mail/mailer";
import { CreateAdminArgsSchema, createAdminCommand, describeBadArguments } from "./commands";
import { finishCommand, runCommand } from "./run-command";

/**
 * npm run admin:create -- --email E --password P --name N: on DATABASE_URL or the embedded database;
 * while a server holds the embedded database, through that server.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } } });
  const parsed = CreateAdminArgsSchema.safeParse(values);
  if (!parsed.success) finishCommand(describeBadArguments(parsed.error));
  const result = await runCommand("admin:create", parsed.data, async (env, database) => {
    const logger = pino({ level: "warn" });
    const mailer = createMailer({ db: database.db, logger, from: env.MAIL_FROM });
    const auth = createAuth({ env, logger, db: database.db, mailer, secret: resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR) });
    return createAdminCommand(auth, parsed.data, `on ${database.kind === "postgres" ? "PostgreSQL" : `the embedded database in ${env.DATA_DIR}`}`);
  });
  finishCommand(result);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
