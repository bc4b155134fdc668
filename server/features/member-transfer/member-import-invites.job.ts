import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Auth } from "../../auth/auth";
import type { Database } from "../../db/client";
import type { JobQueue, WorkerDefinition } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import type { Mailer } from "../../mail/mailer";
import { invitationExpiry } from "../invitations/invitation-token";
import { getGeneralSettings } from "../settings/settings.service";
import { memberImportRows, memberImports } from "./member-imports.table";
import { welcomeMail } from "./welcome-mail";

/** Mails claimed per round; each round's rows are marked before the mails go. */
const INVITE_BATCH = 50;

export interface InviteJobDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  auth: Auth;
  /** Where the app is reached: the link points there. */
  publicUrl: string;
}

/** The set-your-password mails of an import's new accounts, sent apart from the import so it never waits for mail. */
export function memberImportInvitesWorker(deps: InviteJobDeps): WorkerDefinition<{ importId: string }> {
  return {
    queue: QUEUES.memberImportInvites,
    expireInSeconds: 30 * 60,
    retryLimit: 5,
    retryDelaySeconds: 30,
    handler: async ({ data }) => {
      await sendInvites(deps, data.importId);
    },
  };
}

/**
 * Claims pending rows (FOR UPDATE SKIP LOCKED, marked `sending` before any mail goes), so runs on
 * several instances or a job delivered twice never mail a member twice; a run that dies mid-round
 * leaves those rows `sending` (at most once beats twice). Once every invitation is out the uploaded
 * rows are deleted: the import has no further use for them.
 */
export async function sendInvites(deps: InviteJobDeps, importId: string): Promise<void> {
  const [current] = await deps.db.select({ until: memberImports.complimentaryUntil }).from(memberImports).where(eq(memberImports.id, importId));
  if (!current) return;
  const { communityName } = await getGeneralSettings(deps.db);
  for (;;) {
    if (deps.jobs.isStopping()) return deps.jobs.send(QUEUES.memberImportInvites, { importId });
    const claimed = await claimRound(deps.db, importId);
    if (claimed.length === 0) break;
    const sent: number[] = [];
    const failed: number[] = [];
    for (const row of claimed) {
      const ok = await inviteMember(deps, communityName, current.until, row).catch(() => false);
      (ok ? sent : failed).push(row.rowNumber);
    }
    await deps.db.transaction(async (tx) => {
      if (sent.length) await tx.update(memberImportRows).set({ invite: "sent" }).where(and(eq(memberImportRows.importId, importId), inArray(memberImportRows.rowNumber, sent)));
      if (failed.length) await tx.update(memberImportRows).set({ invite: "failed" }).where(and(eq(memberImportRows.importId, importId), inArray(memberImportRows.rowNumber, failed)));
      await tx
        .update(memberImports)
        .set({ invitesSent: sql`${memberImports.invitesSent} + ${sent.length}`, invitesFailed: sql`${memberImports.invitesFailed} + ${failed.length}` })
        .where(eq(memberImports.id, importId));
    });
  }
  await deleteRowsWhenDone(deps.db, importId);
}

type ClaimedRow = { rowNumber: number; userId: string | null; email: string; name: string; tier: (typeof memberImportRows.$inferSelect)["tier"] };

async function claimRound(db: Database, importId: string): Promise<ClaimedRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ rowNumber: memberImportRows.rowNumber, userId: memberImportRows.userId, email: memberImportRows.email, name: memberImportRows.name, tier: memberImportRows.tier })
      .from(memberImportRows)
      .where(and(eq(memberImportRows.importId, importId), eq(memberImportRows.invite, "pending")))
      .orderBy(asc(memberImportRows.rowNumber))
      .limit(INVITE_BATCH)
      .for("update", { skipLocked: true });
    if (rows.length > 0) {
      await tx.update(memberImportRows).set({ invite: "sending" }).where(and(eq(memberImportRows.importId, importId), inArray(memberImportRows.rowNumber, rows.map((row) => row.rowNumber))));
    }
    return rows;
  });
}

/**
 * A password-reset link of better-auth's own kind (its `reset-password:` verification), valid as
 * long as an invitation: opening it on /reset-password sets the account's first password, which
 * better-auth stores as the account's email-and-password sign-in.
 */
async function inviteMember(deps: InviteJobDeps, communityName: string, until: Date | null, row: ClaimedRow): Promise<boolean> {
  if (!row.userId) return false;
  const token = randomBytes(24).toString("base64url");
  const expiresAt = invitationExpiry(new Date());
  const context = await deps.auth.$context;
  await context.internalAdapter.createVerificationValue({ identifier: `reset-password:${token}`, value: row.userId, expiresAt });
  const link = `${deps.publicUrl}/reset-password#type=recovery&token=${encodeURIComponent(token)}`;
  const mail = welcomeMail({ name: row.name, communityName, tier: row.tier ?? "free", complimentaryUntil: until, link, expiresAt });
  const result = await deps.mailer.send({ to: row.email, ...mail });
  return result.status !== "failed";
}

/** The uploaded rows go once the import ran and no invitation is left to send. */
async function deleteRowsWhenDone(db: Database, importId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(memberImports)
      .set({ rowsDeletedAt: new Date() })
      .where(
        and(
          eq(memberImports.id, importId),
          eq(memberImports.status, "done"),
          sql`${memberImports.rowsDeletedAt} is null`,
          sql`not exists (select 1 from ${memberImportRows} where ${memberImportRows.importId} = ${importId} and ${memberImportRows.invite} in ('pending', 'sending'))`,
        ),
      )
      .returning({ id: memberImports.id });
    if (done) await tx.delete(memberImportRows).where(eq(memberImportRows.importId, importId));
  });
}
