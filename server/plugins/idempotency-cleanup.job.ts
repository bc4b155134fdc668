import type { Logger } from "pino";
import type { Database } from "../db/client";
import type { WorkerDefinition } from "../jobs/job-queue";
import { QUEUES } from "../jobs/queues";
import { removeExpiredIdempotencyKeys } from "./idempotency";

/** Every hour, at a quarter past (UTC): away from the export cleanup on the hour. */
const CLEANUP_CRON = "15 * * * *";

/** The scheduled pg-boss worker that deletes expired idempotency keys: one run per hour across all instances. */
export function idempotencyCleanupWorker(deps: { db: Database; logger: Logger }): WorkerDefinition<Record<string, never>> {
  return {
    queue: QUEUES.idempotencyKeyCleanup,
    cron: CLEANUP_CRON,
    expireInSeconds: 10 * 60,
    retryLimit: 2,
    retryDelaySeconds: 5 * 60,
    handler: async () => {
      const removed = await removeExpiredIdempotencyKeys(deps.db);
      if (removed > 0) deps.logger.info({ removed }, "expired idempotency keys removed");
    },
  };
}
