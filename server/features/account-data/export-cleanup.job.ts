import { and, asc, inArray, lt, ne, or } from "drizzle-orm";
import { EXPORT_LINK_DAYS } from "../../../common/contracts/account-data";
import type { WorkerDefinition } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import { accountExports } from "./account-data.table";
import type { AccountDataDeps } from "./account-data-deps";

/** Every hour, on the hour (UTC). */
const CLEANUP_CRON = "0 * * * *";
const BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The scheduled pg-boss worker that removes expired exports: one run per hour across all instances. */
export function exportCleanupWorker(deps: Pick<AccountDataDeps, "db" | "files" | "logger">): WorkerDefinition<Record<string, never>> {
  return {
    queue: QUEUES.accountExportCleanup,
    cron: CLEANUP_CRON,
    expireInSeconds: 10 * 60,
    retryLimit: 2,
    retryDelaySeconds: 5 * 60,
    handler: async () => {
      const removed = await removeExpiredExports(deps);
      if (removed > 0) deps.logger.info({ removed }, "expired data exports removed");
    },
  };
}

/**
 * Removes exports whose link expired, and exports that never became ready (failed, or a job that
 * never finished) once they are as old as a link lives, each with its stored zip. The file goes
 * first: a run stopped half-way leaves rows whose files are gone (removed again harmlessly by the
 * next run), never a file no row points at. Returns how many were removed.
 */
export async function removeExpiredExports(deps: Pick<AccountDataDeps, "db" | "files">): Promise<number> {
  const now = new Date();
  const abandonedBefore = new Date(now.getTime() - EXPORT_LINK_DAYS * DAY_MS);
  const due = or(lt(accountExports.expiresAt, now), and(ne(accountExports.status, "ready"), lt(accountExports.requestedAt, abandonedBefore)));
  let removed = 0;
  for (;;) {
    const batch = await deps.db.select({ id: accountExports.id, fileKey: accountExports.fileKey }).from(accountExports).where(due).orderBy(asc(accountExports.id)).limit(BATCH);
    if (batch.length === 0) return removed;
    for (const row of batch) if (row.fileKey) await deps.files.remove(row.fileKey);
    await deps.db.delete(accountExports).where(inArray(accountExports.id, batch.map((row) => row.id)));
    removed += batch.length;
  }
}
