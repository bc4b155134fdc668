import { and, count, eq, inArray, ne } from "drizzle-orm";
import { USER_ADMIN_MESSAGES, type DangerZoneCounts } from "../../../common/contracts/users";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { recordAudit } from "./audit-log";
import { assertActiveAdminRemains } from "./last-admin";
import { chunks } from "./chunks";
import { cancelLiveSubscriptions, eraseAccounts, removeStoredFiles, type DeletionDeps } from "./user-deletion";

const inactiveOthers = (actor: Viewer) => and(eq(users.isActive, false), ne(users.id, actor.userId));
const otherAdmins = (actor: Viewer) => and(eq(users.role, "admin"), ne(users.id, actor.userId));

/** What the danger zone's confirmations state: the acting admin is never counted. */
export async function dangerZoneCounts(db: Database, actor: Viewer): Promise<DangerZoneCounts> {
  const [[inactive], [admins]] = await Promise.all([
    db.select({ value: count() }).from(users).where(inactiveOthers(actor)),
    db.select({ value: count() }).from(users).where(otherAdmins(actor)),
  ]);
  return { inactiveUsers: Number(inactive?.value ?? 0), otherAdmins: Number(admins?.value ?? 0) };
}

function assertExpected(actual: number, expected: number): void {
  if (actual !== expected) throw new AppError("CONFLICT", USER_ADMIN_MESSAGES.countChanged);
}

/**
 * Delete All Inactive Users, by the single delete's rules (subscriptions cancelled first, posts kept).
 * Exactly the accounts counted go: one reactivated or deactivated meanwhile changes the count and the
 * whole action is refused, so the confirmation never states a wrong number.
 */
export async function deleteInactiveUsers(deps: DeletionDeps, actor: Viewer, expected: number): Promise<string[]> {
  const targets = await deps.db.select({ id: users.id }).from(users).where(inactiveOthers(actor)).orderBy(users.id);
  assertExpected(targets.length, expected);
  const ids = targets.map((target) => target.id);
  await cancelLiveSubscriptions(deps, ids);
  const fileKeys = await deps.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const rows = [];
    for (const batch of chunks(ids)) {
      rows.push(...(await txDb.select().from(users).where(and(inArray(users.id, batch), inactiveOthers(actor))).orderBy(users.id).for("update")));
    }
    assertExpected(rows.length, expected);
    return eraseAccounts(txDb, deps.personalData, actor, rows);
  });
  await removeStoredFiles(deps.files, deps.logger, fileKeys);
  return ids;
}

/** Reset All User Roles: every other admin becomes a user; the actor stays, the one active admin. */
export async function resetRoles(db: Database, actor: Viewer, expected: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await assertActiveAdminRemains(txDb, actor);
    const admins = await txDb.select().from(users).where(otherAdmins(actor)).orderBy(users.id).for("update");
    assertExpected(admins.length, expected);
    const ids = admins.map((admin) => admin.id);
    for (const batch of chunks(ids)) await txDb.update(users).set({ role: "user", updatedAt: new Date() }).where(inArray(users.id, batch));
    await recordAudit(
      txDb,
      actor,
      admins.map((admin) => ({ action: "change-role" as const, targetId: admin.id, targetEmail: admin.email, before: { role: "admin" }, after: { role: "user" } })),
    );
    return ids;
  });
}
