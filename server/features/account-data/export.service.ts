import type { Readable } from "node:stream";
import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import { ACCOUNT_DATA_MESSAGES, EXPORT_DOWNLOAD_LIMITS, type PreparedExport } from "../../../common/contracts/account-data";
import { users } from "../../auth/auth.table";
import { hitRateLimit } from "../../auth/rate-limit";
import { AppError } from "../../errors";
import { QUEUES } from "../../jobs/queues";
import { accountExports } from "./account-data.table";
import type { AccountDataDeps } from "./account-data-deps";
import type { ExportContext } from "../../personal-data/declaration";
import { countExportRecords, exportSectionsOf } from "./export-document";
import { exportDownloadPath, isValidExportLink } from "./export-link";
import { exportZip } from "./export-zip";
import { listUploadedFiles } from "../media/uploaded-files";

/** Exports (downloads and background requests together) a member may start per hour. */
const EXPORTS_PER_HOUR = 10;
/** A background export still "preparing" after this long is taken as failed, and a new one may start. */
const PREPARING_STALE_MS = 60 * 60 * 1000;

export interface ExportPlan {
  records: number;
  files: number;
  fileBytes: number;
  delivery: "download" | "email";
}

/** Who the export is for, read fresh: the address and whether it is proven decide what is matched by address. */
export async function exportContextOf(deps: AccountDataDeps, userId: string): Promise<ExportContext> {
  const [row] = await deps.db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "Account not found");
  return { db: deps.db, userId, email: row.email.toLowerCase(), emailConfirmed: row.emailVerified };
}

/** How big the export is, and so whether it downloads at once or is prepared and mailed (EXPORT_DOWNLOAD_LIMITS). */
export async function planExport(deps: AccountDataDeps, userId: string): Promise<ExportPlan> {
  const [records, uploads] = await Promise.all([countExportRecords(await exportContextOf(deps, userId), exportSectionsOf(deps.personalData)), listUploadedFiles(deps.db, userId)]);
  const fileBytes = uploads.reduce((sum, file) => sum + file.fileSize, 0);
  const isLarge = records > EXPORT_DOWNLOAD_LIMITS.records || fileBytes > EXPORT_DOWNLOAD_LIMITS.fileBytes;
  return { records, files: uploads.length, fileBytes, delivery: isLarge ? "email" : "download" };
}

async function countExport(deps: AccountDataDeps, userId: string): Promise<void> {
  const limit = await hitRateLimit(deps.db, exportLimitKey(userId), EXPORTS_PER_HOUR, 3600);
  if (!limit.allowed) throw new AppError("RATE_LIMITED", ACCOUNT_DATA_MESSAGES.exportRateLimited);
}

/** The rate-limit key of a member's exports (removed with the account). */
export const exportLimitKey = (userId: string) => `export:${userId}`;

/** A small account's export as a zip stream, at once; a large one is refused (409) in favour of the mailed export. */
export async function openExportDownload(deps: AccountDataDeps, userId: string): Promise<Readable> {
  const plan = await planExport(deps, userId);
  if (plan.delivery === "email") throw new AppError("CONFLICT", ACCOUNT_DATA_MESSAGES.exportTooLarge);
  await countExport(deps, userId);
  return exportZip(await exportContextOf(deps, userId), exportSectionsOf(deps.personalData), deps.files);
}

/** Queues a background export (any size); one at a time per member. */
export async function requestExport(deps: AccountDataDeps, userId: string): Promise<void> {
  const [preparing] = await deps.db
    .select({ id: accountExports.id })
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), eq(accountExports.status, "preparing"), gt(accountExports.requestedAt, new Date(Date.now() - PREPARING_STALE_MS))));
  if (preparing) throw new AppError("CONFLICT", ACCOUNT_DATA_MESSAGES.exportInProgress);
  await countExport(deps, userId);
  const [row] = await deps.db.insert(accountExports).values({ userId }).returning({ id: accountExports.id });
  if (!row) throw new Error("export row not written");
  await deps.jobs.send(QUEUES.accountExport, { exportId: row.id });
}

/** The member's newest background export that has not expired, with its signed link once ready. */
export async function latestExport(deps: AccountDataDeps, userId: string): Promise<PreparedExport | null> {
  const [row] = await deps.db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), or(sql`${accountExports.expiresAt} is null`, gt(accountExports.expiresAt, new Date()))))
    .orderBy(desc(accountExports.requestedAt))
    .limit(1);
  if (!row) return null;
  const isReady = row.status === "ready" && row.expiresAt !== null;
  // A job that never finished (its retries spent while the server was down) reads as failed, so the page offers a new export.
  const isStale = row.status === "preparing" && Date.now() - row.requestedAt.getTime() > PREPARING_STALE_MS;
  return {
    status: isStale ? "failed" : row.status,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    downloadUrl: isReady && row.expiresAt ? exportDownloadPath(deps.secret, row.id, userId, row.expiresAt) : null,
    sizeBytes: row.sizeBytes,
  };
}

/**
 * A prepared export's zip, for the member it was made for, through a link signed for them that has
 * not expired (410 otherwise: the page tells them to request a new one).
 */
export async function openPreparedExport(deps: AccountDataDeps, userId: string, exportId: string, query: { expires?: unknown; signature?: unknown }): Promise<{ stream: Readable; size: number }> {
  if (!isValidExportLink(deps.secret, exportId, userId, query)) throw new AppError("GONE", ACCOUNT_DATA_MESSAGES.exportGone);
  const [row] = await deps.db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.id, exportId), eq(accountExports.userId, userId), eq(accountExports.status, "ready"), gt(accountExports.expiresAt, new Date())));
  const stored = row?.fileKey ? await deps.files.stat(row.fileKey) : null;
  if (!row?.fileKey || !stored) throw new AppError("GONE", ACCOUNT_DATA_MESSAGES.exportGone);
  return { stream: await deps.files.read(row.fileKey), size: stored.size };
}
