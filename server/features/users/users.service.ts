import { asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from "drizzle-orm";
import { AUTH_MESSAGES } from "../../../common/contracts/auth";
import { USER_ADMIN_MESSAGES, type AdminUser, type AuditAction, type NewUser, type UserChange, type UserSort, type UsersPage } from "../../../common/contracts/users";
import type { Tier } from "../../../common/tiers";
import type { Auth } from "../../auth/auth";
import { sessions, users } from "../../auth/auth.table";
import { createConfirmedAccount } from "../../auth/confirmed-account";
import type { Viewer } from "../../auth/viewer";
import { writeEffectiveTier } from "../../billing/sync";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { recordAudit } from "./audit-log";
import { toAdminUser, type UserRow } from "./admin-user";
import { assertActiveAdminRemains, assertNotSelf } from "./last-admin";
import { recordCompChange } from "../revenue/record-events";

/**
 * Each order ends on the id so pages never overlap, and has an index holding the id (migration 0005).
 * Built per query, like every query part here.
 */
const ORDERS: Record<UserSort, () => SQL[]> = {
  newest: () => [desc(users.createdAt), desc(users.id)],
  oldest: () => [asc(users.createdAt), asc(users.id)],
  name: () => [sql`lower(${users.name})`, asc(users.id)],
  email: () => [asc(users.email), asc(users.id)],
  lastLogin: () => [sql`${users.lastLogin} desc nulls last`, desc(users.id)],
};

/** LIKE wildcards in the search are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * One page of accounts. The page's ids are found first from the sort index alone (a deep page skips
 * index entries, not table rows), then only those rows are read. The total is exact, counted with the
 * same predicate, which the trigram indexes answer.
 */
/** The list's search: a case-insensitive substring of the name or the email (spec 001 §2.4); "" matches everyone. */
export function searchFilter(search: string) {
  const pattern = `%${escapeLike(search)}%`;
  return search ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
}

/** Every account the list's search matches, newest first: "all N matching" of Send Email. */
export async function matchingUserIds(db: Database, search: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(searchFilter(search)).orderBy(...ORDERS.newest());
  return rows.map((row) => row.id);
}

export async function listUsers(db: Database, query: { search: string; sort: UserSort; page: number; pageSize: number }): Promise<UsersPage> {
  const filter = searchFilter(query.search);
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(filter)
    .orderBy(...ORDERS[query.sort]())
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as("page_ids");
  const [rows, [total]] = await Promise.all([
    db
      .select(getTableColumns(users))
      .from(users)
      .innerJoin(pageIds, eq(users.id, pageIds.id))
      .orderBy(...ORDERS[query.sort]()),
    db.select({ value: count() }).from(users).where(filter),
  ]);
  return { users: rows.map(toAdminUser), total: Number(total?.value ?? 0), page: query.page, pageSize: query.pageSize };
}

/** What the audit log keeps of each kind of change, before and after. */
const AUDITED: Record<Extract<AuditAction, "change-tier" | "change-role" | "change-status">, (row: UserRow) => Record<string, unknown>> = {
  "change-tier": (row) => ({ membershipTier: row.membershipTier, tierOverride: row.tierOverride }),
  "change-role": (row) => ({ role: row.role }),
  "change-status": (row) => ({ isActive: row.isActive }),
};

/**
 * An admin's change of another account: a hand-granted tier (kept apart from the paid tier; the
 * member's tier becomes the higher of the two, "free" removes the grant), the role, or active status.
 * Removing an admin or deactivating one is decided under the active admins' row locks; deactivation
 * ends the account's sessions in the same transaction. Recorded in the audit log.
 */
export async function changeUser(db: Database, actor: Viewer, userId: string, change: UserChange, graceDays: number): Promise<AdminUser> {
  assertNotSelf(actor, userId);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const leavesAdmins = ("role" in change && change.role === "user") || ("isActive" in change && !change.isActive);
    if (leavesAdmins) await assertActiveAdminRemains(txDb, actor);
    const [before] = await txDb.select().from(users).where(eq(users.id, userId)).for("update");
    if (!before) throw new AppError("NOT_FOUND", USER_ADMIN_MESSAGES.userNotFound);
    const now = new Date();
    let action: keyof typeof AUDITED;
    if ("membershipTier" in change) {
      action = "change-tier";
      const override: Exclude<Tier, "free"> | null = change.membershipTier === "free" ? null : change.membershipTier;
      // A tier set by hand lasts: it replaces any complimentary end date.
      await txDb.update(users).set({ tierOverride: override, tierOverrideUntil: null, updatedAt: now }).where(eq(users.id, userId));
      await recordCompChange(txDb, { userId, before: before.tierOverride, after: override, at: now });
      await writeEffectiveTier(txDb, userId, now, graceDays);
    } else if ("role" in change) {
      action = "change-role";
      await txDb.update(users).set({ role: change.role, updatedAt: now }).where(eq(users.id, userId));
    } else {
      action = "change-status";
      // An admin's decision either way ends the wait for approval: deactivated accounts are told they are.
      await txDb.update(users).set({ isActive: change.isActive, awaitingApproval: false, updatedAt: now }).where(eq(users.id, userId));
      if (!change.isActive) await txDb.delete(sessions).where(eq(sessions.userId, userId));
    }
    const [after] = await txDb.select().from(users).where(eq(users.id, userId));
    if (!after) throw new AppError("NOT_FOUND", USER_ADMIN_MESSAGES.userNotFound);
    await recordAudit(txDb, actor, [{ action, targetId: userId, targetEmail: after.email, before: AUDITED[action](before), after: AUDITED[action](after) }]);
    return toAdminUser(after);
  });
}

/**
 * Add User: an account with a password, email already confirmed, created through better-auth like
 * every other (so the password is hashed the same way), then given its role, tier (as a hand-granted
 * tier) and status, and recorded in the audit log.
 */
export async function createUser(db: Database, auth: Auth, actor: Viewer, input: NewUser, graceDays: number): Promise<AdminUser> {
  const emailTaken = () => new AppError("CONFLICT", AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
  const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${input.email})`);
  if (existing) throw emailTaken();
  const { email, password, name, role, membershipTier, isActive } = input;
  const createdId = await createConfirmedAccount(auth, { email, password, name, role, membershipTier, isActive }).catch((error: unknown) => {
    // The same email added twice at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) return null;
    throw error;
  });
  if (!createdId) throw emailTaken();
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const now = new Date();
    await txDb
      .update(users)
      .set({ tierOverride: input.membershipTier === "free" ? null : input.membershipTier, updatedAt: now })
      .where(eq(users.id, createdId));
    await recordCompChange(txDb, { userId: createdId, before: null, after: input.membershipTier === "free" ? null : input.membershipTier, at: now });
    await writeEffectiveTier(txDb, createdId, now, graceDays);
    const [created] = await txDb.select().from(users).where(eq(users.id, createdId));
    if (!created) throw new AppError("INTERNAL", USER_ADMIN_MESSAGES.createFailed);
    await recordAudit(txDb, actor, [
      {
        action: "create-user",
        targetId: created.id,
        targetEmail: created.email,
        before: null,
        after: { role: created.role, membershipTier: created.membershipTier, tierOverride: created.tierOverride, isActive: created.isActive },
      },
    ]);
    return toAdminUser(created);
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
