import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { PAID_TIERS, type PaidTier, type Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import type { JobQueue, WorkerDefinition } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import { recordCompChange } from "../revenue/record-events";
import { recordAudit } from "../users/audit-log";
import { emitMemberJoined } from "../webhooks/webhook-sources";
import { memberImportRows, memberImports } from "./member-imports.table";

/** Rows created per transaction: one multi-row insert each, and the progress moves this much at a time. */
export const IMPORT_BATCH = 500;

export interface ImportJobDeps {
  db: Database;
  jobs: JobQueue;
}

const isPaid = (tier: Tier): tier is PaidTier => (PAID_TIERS as readonly string[]).includes(tier);

/**
 * Runs a confirmed import batch by batch. Each batch claims its rows (FOR UPDATE SKIP LOCKED) and
 * marks them done in the transaction that creates the accounts, so two runs of one import (pg-boss
 * delivers at least once; several instances) never take the same row, and a crash loses no work.
 * Accounts are created on the email's unique key: an email that became a member meanwhile (another
 * import of the same file, a sign-up) is counted as existing, never created twice.
 */
export function memberImportWorker(deps: ImportJobDeps): WorkerDefinition<{ importId: string }> {
  return {
    queue: QUEUES.memberImport,
    expireInSeconds: 15 * 60,
    retryLimit: 5,
    retryDelaySeconds: 10,
    handler: async ({ data }) => {
      await runImport(deps, data.importId);
    },
  };
}

export async function runImport(deps: ImportJobDeps, importId: string): Promise<void> {
  const [started] = await deps.db.select().from(memberImports).where(eq(memberImports.id, importId));
  if (!started || started.status !== "running") return;
  const [creator] = started.createdBy ? await deps.db.select({ email: users.email }).from(users).where(eq(users.id, started.createdBy)) : [];
  // The admin who confirmed it; if they deleted their account meanwhile, the log says so.
  const actor = { userId: started.createdBy, email: creator?.email ?? "deleted user" };
  for (;;) {
    // On shutdown, the rest goes to a new job that any instance takes.
    if (deps.jobs.isStopping()) return deps.jobs.send(QUEUES.memberImport, { importId });
    const done = await importBatch(deps.db, importId, started.complimentaryUntil, actor);
    if (done === 0) break;
  }
  const [finished] = await deps.db
    .update(memberImports)
    .set({ status: "done", finishedAt: new Date() })
    .where(and(eq(memberImports.id, importId), eq(memberImports.status, "running"), sql`not exists (select 1 from ${memberImportRows} where ${memberImportRows.importId} = ${importId} and ${memberImportRows.plan} = 'create' and ${memberImportRows.outcome} is null)`))
    .returning({ id: memberImports.id });
  if (finished) await deps.jobs.send(QUEUES.memberImportInvites, { importId });
}

async function importBatch(db: Database, importId: string, complimentaryUntil: Date | null, actor: { userId: string | null; email: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const rows = await txDb
      .select()
      .from(memberImportRows)
      .where(and(eq(memberImportRows.importId, importId), eq(memberImportRows.plan, "create"), isNull(memberImportRows.outcome)))
      .orderBy(asc(memberImportRows.rowNumber))
      .limit(IMPORT_BATCH)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return 0;
    const now = new Date();
    const emails = rows.map((row) => row.email);
    // Addresses are stored lower-cased; an older account in another case still counts as the member.
    const taken = new Set((await txDb.select({ email: sql<string>`lower(${users.email})` }).from(users).where(inArray(sql`lower(${users.email})`, emails))).map((row) => row.email));
    const fresh = rows.filter((row) => !taken.has(row.email));
    const created = fresh.length === 0 ? [] : await txDb
      .insert(users)
      .values(
        fresh.map((row) => {
          const tier: Tier = row.tier ?? "free";
          return {
            id: randomUUID(),
            email: row.email,
            name: row.name,
            // The file vouches for the address, and the set-password link proves it on first use.
            emailVerified: true,
            membershipTier: tier,
            tierOverride: isPaid(tier) ? tier : null,
            tierOverrideUntil: isPaid(tier) ? complimentaryUntil : null,
            adminNote: row.notes,
            createdAt: row.joinedAt ?? now,
            updatedAt: now,
          };
        }),
      )
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, tier: users.membershipTier, tierOverride: users.tierOverride });
    if (created.length > 0) {
      await txDb.execute(sql`
        update ${memberImportRows} set outcome = 'created', invite = 'pending', user_id = ${users.id}
        from ${users}
        where ${memberImportRows.importId} = ${importId}
          and ${memberImportRows.rowNumber} in ${rows.map((row) => row.rowNumber)}
          and ${users.id} in ${created.map((user) => user.id)}
          and ${users.email} = ${memberImportRows.email}`);
      await recordAudit(
        txDb,
        actor,
        created.map((user) => ({ action: "create-user", targetId: user.id, targetEmail: user.email, before: null, after: { membershipTier: user.tier, tierOverride: user.tierOverride, imported: true } })),
      );
      // An imported member joined like any other (webhooks), and a complimentary plan counts as comped in the revenue figures.
      for (const user of created) {
        await emitMemberJoined(txDb, user.id);
        await recordCompChange(txDb, { userId: user.id, before: null, after: user.tierOverride, at: now });
      }
    }
    await txDb
      .update(memberImportRows)
      .set({ outcome: "existed" })
      .where(and(eq(memberImportRows.importId, importId), inArray(memberImportRows.rowNumber, rows.map((row) => row.rowNumber)), isNull(memberImportRows.outcome)));
    await txDb
      .update(memberImports)
      .set({ processed: sql`${memberImports.processed} + ${rows.length}`, created: sql`${memberImports.created} + ${created.length}`, existed: sql`${memberImports.existed} + ${rows.length - created.length}` })
      .where(eq(memberImports.id, importId));
    return rows.length;
  });
}
