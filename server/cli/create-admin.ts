import { parseArgs } from "node:util";
import pino from "pino";
import { z } from "zod";
import { createAuth } from "../auth/auth";
import { resolveAuthSecret } from "../auth/auth-secret";
import { createAdminAccount } from "../auth/first-admin";
import { openDatabase } from "../db/open-database";
import { loadEnv } from "../env";
import { createMailer } from "../mail/mailer";

const ArgsSchema = z.object({
  email: z.string({ error: "--email is required" }).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "--email must be an email address"),
  password: z.string({ error: "--password is required" }).min(6, "--password must be at least 6 characters").max(128, "--password must be at most 128 characters"),
  name: z.string().trim().min(1).default("Administrator"),
});

/** npm run admin:create -- --email E --password P --name N: against DATABASE_URL or the embedded database (stop the server first). */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } } });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => issue.message).join("\n"));
    process.exit(2);
  }
  const env = loadEnv();
  const database = openDatabase(env);
  try {
    await database.migrate();
    const logger = pino({ level: "warn" });
    const mailer = createMailer({ db: database.db, logger, from: env.MAIL_FROM });
    const auth = createAuth({ env, logger, db: database.db, mailer, secret: resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR) });
    const created = await createAdminAccount(auth, parsed.data);
    if (!created) {
      console.error(`An account with the email ${parsed.data.email} already exists; nothing was changed.`);
      process.exitCode = 1;
    } else {
      console.log(`Created admin ${parsed.data.email} on ${database.kind === "postgres" ? "PostgreSQL" : `the embedded database in ${env.DATA_DIR}`}.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
