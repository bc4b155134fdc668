import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { iso, PAGE_SIZE, pagesOf, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { DELETED_USER_PREFIX } from "./audit-log";
import { adminAuditLog } from "./audit-log.table";

/** The audit log's entries about the member or by them (an admin). */
export const USERS_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "users",
  columns: {
    "admin_audit_log.actor_id": {
      action: "anonymise",
      how: "Entries stay, as the business's record of admin actions, with 'deleted user <id>' in place of the email of the member they are about or by.",
    },
  },
  exportSections: [
    {
      key: "auditLog",
      covers: ["admin_audit_log.actor_id"],
      records: ({ db, userId }) => db.$count(adminAuditLog, or(eq(adminAuditLog.targetId, userId), eq(adminAuditLog.actorId, userId))),
      read: ({ db, userId }) =>
        pagesOf(
          (after: { id: number } | null) =>
            db
              .select()
              .from(adminAuditLog)
              .where(and(or(eq(adminAuditLog.targetId, userId), eq(adminAuditLog.actorId, userId)), after ? gt(adminAuditLog.id, after.id) : undefined))
              .orderBy(asc(adminAuditLog.id))
              .limit(PAGE_SIZE),
          (row) => ({
            action: row.action,
            byYou: row.actorId === userId,
            aboutYou: row.targetId === userId,
            by: row.actorEmail,
            about: row.targetEmail,
            before: row.before,
            after: row.after,
            at: iso(row.createdAt),
          }),
        ),
    },
  ],
  async erase({ tx, members }) {
    const ids = members.map((member) => member.id);
    await tx.update(adminAuditLog).set({ targetEmail: sql`${DELETED_USER_PREFIX} || ${adminAuditLog.targetId}` }).where(inArray(adminAuditLog.targetId, ids));
    await tx.update(adminAuditLog).set({ actorEmail: sql`${DELETED_USER_PREFIX} || ${adminAuditLog.actorId}` }).where(inArray(adminAuditLog.actorId, ids));
  },
};
