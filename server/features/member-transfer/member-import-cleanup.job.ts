import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client";
import type { WorkerDefinition } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import { memberImportRows, memberImports } from "./member-imports.table";

/** How long an upload's rows (names, emails, notes) are kept at most, confirmed or not. */
export const IMPORT_ROWS_KEPT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every hour, on the hour (UTC), on one instance. */
export function memberImportCleanupWorker(deps: { db: Database; logger: Logger }): WorkerDefinition<Record<string, never>> {
  return {
    queue: QUEUES.memberImportCleanup,
    cron: "0 * * * *",
    expireInSeconds: 10 * 60,
    retryLimit: 2,
    retryDelaySeconds: 5 * 60,
    handler: async () => {
      const removed = await removeOldImportRows(deps.db, new Date());
      if (removed > 0) deps.logger.info({ removed }, "old member import rows removed");
    },
  };
}

/**
 * Dry runs never confirmed go entirely; confirmed imports keep their counts and lose their rows
 * (a run still sending invitations then stops: its rows are gone). Returns the imports touched.
 */
export async function removeOldImportRows(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IMPORT_ROWS_KEPT_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const abandoned = await tx.delete(memberImports).where(and(eq(memberImports.status, "checked"), lt(memberImports.createdAt, before))).returning({ id: memberImports.id });
    const old = await tx
      .update(memberImports)
      .set({ rowsDeletedAt: now })
      .where(and(lt(memberImports.createdAt, before), isNull(memberImports.rowsDeletedAt)))
      .returning({ id: memberImports.id });
    if (old.length > 0) await tx.delete(memberImportRows).where(inArray(memberImportRows.importId, old.map((row) => row.id)));
    return abandoned.length + old.length;
  });
}
