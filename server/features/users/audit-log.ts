import { count, desc } from "drizzle-orm";
import type { AuditAction, AuditLogPage } from "../../../common/contracts/users";
import type { Database } from "../../db/client";
import { adminAuditLog } from "./audit-log.table";
import { chunks } from "./chunks";

export interface AuditChange {
  action: AuditAction;
  targetId: string;
  targetEmail: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Written in the transaction of the change itself, so a change and its record commit together. */
export async function recordAudit(db: Database, actor: { userId: string | null; email: string }, changes: AuditChange[]): Promise<void> {
  for (const batch of chunks(changes, 500)) {
    await db.insert(adminAuditLog).values(batch.map((change) => ({ ...change, actorId: actor.userId, actorEmail: actor.email })));
  }
}

/** How a deleted account reads in the log once its email is gone: 'deleted user <id>'. */
export const DELETED_USER_PREFIX = "deleted user ";
export const deletedUserLabel = (userId: string) => `${DELETED_USER_PREFIX}${userId}`;

export async function listAuditLog(db: Database, query: { page: number; pageSize: number }): Promise<AuditLogPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .orderBy(desc(adminAuditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(adminAuditLog),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actorEmail: row.actorEmail,
      targetEmail: row.targetEmail,
      action: row.action as AuditAction,
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
    })),
    total: Number(total?.value ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
