import { and, eq } from "drizzle-orm";
import { EXPORT_LINK_DAYS } from "../../../common/contracts/account-data";
import { users } from "../../auth/auth.table";
import { newFileKey } from "../../files/file-store";
import type { JobInfo, WorkerDefinition } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import { getGeneralSettings } from "../settings/settings.service";
import { accountExports } from "./account-data.table";
import type { AccountDataDeps } from "./account-data-deps";
import { exportReadyMail } from "./account-data-mail";
import { exportSectionsOf } from "./export-document";
import { exportContextOf } from "./export.service";
import { exportDownloadPath } from "./export-link";
import { exportZip } from "./export-zip";

export interface AccountExportJob {
  exportId: string;
}

const RETRY_LIMIT = 3;

/** The pg-boss worker that prepares a large export in the file store and mails its link. */
export function accountExportWorker(deps: AccountDataDeps): WorkerDefinition<AccountExportJob> {
  return { queue: QUEUES.accountExport, expireInSeconds: 30 * 60, retryLimit: RETRY_LIMIT, retryDelaySeconds: 60, handler: (job) => prepareExport(deps, job) };
}

/**
 * Idempotent: only an export still `preparing` is worked on. Each attempt writes the zip under a new
 * key, recorded before the write, and removes the key of an earlier interrupted attempt first, so no
 * partial zip outlives its retry. The mail goes out once the row says ready.
 */
async function prepareExport(deps: AccountDataDeps, job: JobInfo<AccountExportJob>): Promise<void> {
  const { db, files } = deps;
  const { exportId } = job.data;
  const [row] = await db.select().from(accountExports).where(eq(accountExports.id, exportId));
  if (!row || row.status !== "preparing") return;
  if (row.fileKey) await files.remove(row.fileKey);
  const key = newFileKey("exports", "zip");
  await db.update(accountExports).set({ fileKey: key }).where(eq(accountExports.id, exportId));
  try {
    await files.write(key, await exportZip(await exportContextOf(deps, row.userId), exportSectionsOf(deps.personalData), files));
  } catch (error) {
    deps.logger.error({ err: error, exportId }, "preparing a data export failed");
    if (job.retryCount >= job.retryLimit) await db.update(accountExports).set({ status: "failed", fileKey: null }).where(eq(accountExports.id, exportId));
    throw error;
  }
  const size = (await files.stat(key))?.size ?? 0;
  const readyAt = new Date();
  const expiresAt = new Date(readyAt.getTime() + EXPORT_LINK_DAYS * 24 * 3600 * 1000);
  const [ready] = await db
    .update(accountExports)
    .set({ status: "ready", sizeBytes: size, readyAt, expiresAt })
    .where(and(eq(accountExports.id, exportId), eq(accountExports.status, "preparing")))
    .returning({ userId: accountExports.userId });
  // The account was deleted meanwhile (the row went with it): nothing to mail, nothing to keep.
  if (!ready) return files.remove(key);
  const [member] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, ready.userId));
  if (!member) return;
  const { communityName } = await getGeneralSettings(db);
  await deps.mailer.send({ to: member.email, ...exportReadyMail({ name: member.name, communityName, link: `${deps.baseUrl}${exportDownloadPath(deps.secret, exportId, ready.userId, expiresAt)}`, accountUrl: `${deps.baseUrl}/members/account#your-data`, expiresAt, sizeBytes: size }) });
}
