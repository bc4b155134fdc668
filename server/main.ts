import { buildApp } from "./app";
import { resolveAuthSecret } from "./auth/auth-secret";
import { createAdminAccount } from "./auth/first-admin";
import { openDatabase } from "./db/open-database";
import { EnvError, loadEnv, publicUrl } from "./env";
import { createLogger } from "./logger";

async function main(): Promise<void> {
  const env = loadEnv();
  const logger = createLogger(env);
  const database = openDatabase(env);
  await database.migrate();
  const authSecret = resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR);
  const { app, auth } = await buildApp({ env, database, logger, authSecret });

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const created = await createAdminAccount(auth, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME });
    if (created) logger.info({ email: env.ADMIN_EMAIL }, "created the first admin account");
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: env.PORT, host: env.HOST });
  logger.info({ url: publicUrl(env), database: database.kind, startupMs: Math.round(process.uptime() * 1000) }, "ready");
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
