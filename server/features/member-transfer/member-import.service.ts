import { and, asc, eq, sql } from "drizzle-orm";
import { MEMBER_IMPORT_MESSAGES, type ConfirmImportInput, type MemberImport } from "../../../common/contracts/member-transfer";
import { PAID_TIERS } from "../../../common/tiers";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { JobQueue } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import { chunks } from "../users/chunks";
import { checkRows } from "./import-check";
import { readMembersFile } from "./import-file";
import { memberImportRows, memberImports } from "./member-imports.table";

export interface ImportDeps {
  db: Database;
  jobs: JobQueue;
}

/** The upload: the file is read and checked (the dry run); nothing changes until it is confirmed. */
export async function uploadImport(db: Database, actor: Viewer, fileName: string, content: Buffer): Promise<MemberImport> {
  const now = new Date();
  const rows = await checkRows(db, readMembersFile(content), now);
  const count = (plan: string) => rows.filter((row) => row.plan === plan).length;
  const importId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(memberImports)
      .values({ createdBy: actor.userId, fileName: fileName.slice(0, 200), totalRows: rows.length, toCreate: count("create"), unchanged: count("unchanged"), problemRows: count("skip") })
      .returning({ id: memberImports.id });
    if (!created) throw new Error("member import insert returned no row");
    for (const batch of chunks(rows, 1000)) await tx.insert(memberImportRows).values(batch.map((row) => ({ importId: created.id, ...row })));
    return created.id;
  });
  return getImport(db, importId);
}

/** The dry run's findings while the rows are kept, then the job's progress. */
export async function getImport(db: Database, id: string): Promise<MemberImport> {
  const [row] = await db.select().from(memberImports).where(eq(memberImports.id, id));
  if (!row) throw new AppError("NOT_FOUND", MEMBER_IMPORT_MESSAGES.notFound);
  const problems = await db
    .select({ row: memberImportRows.rowNumber, email: memberImportRows.email, problems: memberImportRows.problems })
    .from(memberImportRows)
    .where(and(eq(memberImportRows.importId, id), eq(memberImportRows.plan, "skip")))
    .orderBy(asc(memberImportRows.rowNumber));
  const [paid] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(memberImportRows)
    .where(and(eq(memberImportRows.importId, id), eq(memberImportRows.plan, "create"), sql`${memberImportRows.tier} in ('inventor', 'entrepreneur', 'brand-ceo')`));
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    toCreate: row.toCreate,
    unchanged: row.unchanged,
    problemRows: row.problemRows,
    paidRows: paid?.value ?? 0,
    problems,
    complimentaryUntil: row.complimentaryUntil?.toISOString().slice(0, 10) ?? null,
    processed: row.processed,
    created: row.created,
    existed: row.existed,
    invitesSent: row.invitesSent,
    invitesFailed: row.invitesFailed,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Confirmation starts the job once: a second confirmation (another tab, a double click) finds the
 * import no longer `checked` and is refused. Paid tiers need the complimentary period's last day.
 */
export async function confirmImport(deps: ImportDeps, id: string, input: ConfirmImportInput): Promise<MemberImport> {
  const current = await getImport(deps.db, id);
  if (current.status !== "checked") throw new AppError("CONFLICT", MEMBER_IMPORT_MESSAGES.alreadyConfirmed);
  if (current.toCreate === 0) throw new AppError("BAD_REQUEST", MEMBER_IMPORT_MESSAGES.nothingToImport);
  const until = complimentaryEnd(input.complimentaryUntil, current.paidRows > 0);
  const [started] = await deps.db
    .update(memberImports)
    .set({ status: "running", complimentaryUntil: until, confirmedAt: new Date() })
    .where(and(eq(memberImports.id, id), eq(memberImports.status, "checked"), sql`${memberImports.rowsDeletedAt} is null`))
    .returning({ id: memberImports.id });
  if (!started) throw new AppError("CONFLICT", MEMBER_IMPORT_MESSAGES.alreadyConfirmed);
  await deps.jobs.send(QUEUES.memberImport, { importId: id });
  return getImport(deps.db, id);
}

/** The grant lasts until the start of the day chosen (UTC), which must be after today. */
function complimentaryEnd(day: string | undefined, needed: boolean): Date | null {
  if (!needed) return null;
  if (!day) throw new AppError("VALIDATION_FAILED", MEMBER_IMPORT_MESSAGES.complimentaryUntilRequired, { complimentaryUntil: MEMBER_IMPORT_MESSAGES.complimentaryUntilRequired });
  const until = new Date(`${day}T00:00:00Z`);
  if (until.getTime() <= Date.now()) throw new AppError("VALIDATION_FAILED", MEMBER_IMPORT_MESSAGES.complimentaryUntilPast, { complimentaryUntil: MEMBER_IMPORT_MESSAGES.complimentaryUntilPast });
  return until;
}

export const isPaidImportTier = (tier: string | null): boolean => (PAID_TIERS as readonly string[]).includes(tier ?? "");
