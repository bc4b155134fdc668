import { buildApp } from "./app";
import { resolveAuthSecret } from "./auth/auth-secret";
import type { Auth } from "./auth/auth";
import { createAdminAccount, type AdminAccount } from "./auth/first-admin";
import { pruneRateLimits } from "./auth/rate-limit";
import { applyLapsedTiers } from "./billing/sync";
import { reconstructRevenueHistory } from "./features/revenue/backfill";
import { notifyRenewalsComing } from "./billing/billing-notifications";
import { readBillingConfig } from "./billing/billing-config";
import { DataFolderBusyError } from "./db/data-folder-lock";
import { claimDatabase } from "./db/open-database";
import { EnvError, loadEnv, publicUrl, shouldSeedDemo } from "./env";
import { seedDemoContent } from "./features/content/seed-demo";
import { adoptServedFiles } from "./features/media/library-adoption";
import { StorageUnavailableError } from "./files/storage-unavailable";
import { startControlChannel, type ControlChannel } from "./features/system/control-channel";
import { controlCommands } from "./features/system/control-commands";
import { createLogger } from "./logger";
import { registerShutdownDrain } from "./shutdown-drain";
import { buildWebAppIfChanged } from "../scripts/web-build";

/** Rate-limit windows are pruned and lapsed tiers (grace over, downgrade due) applied this often. */
const HOUSEKEEPING_MS = 10 * 60 * 1000;

/**
 * `npm start` passes --build: the web build runs while the database opens (initdb on a first start),
 * and only when the web sources changed since the last one (scripts/web-build.ts).
 */
async function buildWebApp(): Promise<number> {
  await buildWebAppIfChanged();
  return performance.now();
}

/**
 * ADMIN_EMAIL's account, made by one instance however many start at the same moment: the one that
 * loses the race between its check and its insert finds the account its twin made.
 */
async function createFirstAdmin(auth: Auth, account: AdminAccount): Promise<boolean> {
  try {
    return await createAdminAccount(auth, account);
  } catch (error) {
    const context = await auth.$context;
    if (await context.internalAdapter.findUserByEmail(account.email.trim().toLowerCase())) return false;
    throw error;
  }
}

async function main(): Promise<void> {
  const env = loadEnv();
  const logger = createLogger(env);
  // The data folder is taken before anything else starts, so a second server is refused at once.
  const claimed = await claimDatabase(env, "server", (error) => {
    logger.fatal({ err: error }, `lost the lock on ${env.DATA_DIR}; stopping so that no other process's writes are lost`);
    process.exit(1);
  });
  const webBuild = process.argv.includes("--build") ? buildWebApp() : Promise.resolve(performance.now());
  const openAndMigrate = async () => {
    const opened = await claimed.open();
    await opened.migrate();
    return opened;
  };
  const [database, webBuiltAt] = await Promise.all([openAndMigrate(), webBuild]);
  const authSecret = resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR);
  const { app, auth, billing, files, jobs, notificationStreams } = await buildApp({ env, database, logger, authSecret });
  const drain = registerShutdownDrain(app);

  // A bucket that does not answer does not stop the start (README, Health checks and outages); the
  // samples, which store files, wait for a start that reaches it.
  const seeding = shouldSeedDemo(env) ? seedDemoContent(database.db, files) : Promise.resolve(false);
  if (await seeding.catch((error: unknown) => (error instanceof StorageUnavailableError ? logger.warn({ err: error }, "file storage unavailable: the samples are seeded at the next start that reaches it") : Promise.reject(error)))) {
    logger.info("seeded the sample sessions, posts, resources and videos (SEED_DEMO=false turns this off)");
  }
  const adopted = await adoptServedFiles(database.db, files).catch((error: unknown) =>
    error instanceof StorageUnavailableError ? (logger.warn({ err: error }, "file storage unavailable: files stored before the media library listed them are listed at the next start"), 0) : Promise.reject(error),
  );
  if (adopted > 0) logger.info({ files: adopted }, "listed in the media library the resource and video files stored before it held every file");

  // Once per database: the history of members who subscribed before it was kept (the figures read the events meanwhile).
  reconstructRevenueHistory(database.db)
    .then((members) => members > 0 && logger.info({ members }, "reconstructed the subscription history of existing members"))
    .catch((error: unknown) => logger.warn({ err: error }, "reconstructing the subscription history failed; it is tried again at the next start"));

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const created = await createFirstAdmin(auth, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME });
    if (created) logger.info({ email: env.ADMIN_EMAIL }, "created the first admin account");
  }

  const pruning = setInterval(() => {
    pruneRateLimits(database.db).catch((error: unknown) => logger.warn({ err: error }, "pruning rate limits failed"));
    if (billing) applyLapsedTiers(billing).catch((error: unknown) => logger.warn({ err: error }, "applying lapsed tiers failed"));
    notifyRenewalsComing(database.db, new Date()).catch((error: unknown) => logger.warn({ err: error }, "telling members of renewals coming failed"));
  }, HOUSEKEEPING_MS);
  pruning.unref();

  let control: ControlChannel | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(pruning);
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      await control?.close();
      // Open notification streams would keep the drain waiting: the browsers reconnect to another instance.
      await notificationStreams.close();
      // The job queue stops taking work at once (a bulk send finishes its batch in hand and leaves
      // the rest to the next start) while the HTTP server drains, then finishes the requests in flight.
      const closeHttp = async () => {
        await drain.drain();
        // A browser's keep-alive connection that was busy at the close would hold it for the
        // keep-alive timeout (72 s): each one is closed as soon as its answer has gone out.
        const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
        await app.close().finally(() => clearInterval(closeIdle));
      };
      await Promise.all([jobs.stop(), closeHttp()]);
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // Before the listen: once the server answers, a command (create-admin, backup) reaches it too.
  if (database.dataFolder) {
    const localBilling = readBillingConfig(env).mode === "local" ? billing : null;
    control = await startControlChannel(env.DATA_DIR, controlCommands({ auth, localBilling, backup: { database, dataDir: env.DATA_DIR, filesIncluded: !env.S3_BUCKET } }), logger);
    database.dataFolder.announceControlPort(control.port);
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  // Bulk sends interrupted by the last stop resume now; app.close() stops the queue on shutdown.
  await jobs.start();
  logger.info({ url: publicUrl(env), database: database.kind, readyAfterBuildMs: Math.round(performance.now() - webBuiltAt) }, "ready");
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataFolderBusyError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
