import { count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { AdminUser, UserChange, UsersPage } from "../../../common/contracts/users";
import type { Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import { writeEffectiveTier } from "../../billing/sync";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { adminAuditLog } from "./audit-log.table";

type UserRow = typeof users.$inferSelect;

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    membershipTier: row.membershipTier,
    tierOverride: row.tierOverride,
    isActive: row.isActive,
    profilePicture: row.image,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin?.toISOString() ?? null,
  };
}

/** LIKE wildcards in the search are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listUsers(db: Database, query: { search: string; page: number; pageSize: number }): Promise<UsersPage> {
  const pattern = `%${escapeLike(query.search)}%`;
  const filter: SQL | undefined = query.search ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(filter)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(users).where(filter),
  ]);
  return { users: rows.map(toAdminUser), total: Number(total?.value ?? 0), page: query.page, pageSize: query.pageSize };
}

/**
 * Sets the tier an admin grants by hand. It is kept apart from the paid tier, and the member's tier
 * becomes the higher of the two; "free" removes the grant. Recorded in the audit log.
 */
export async function changeUser(db: Database, actor: Viewer, userId: string, change: UserChange, graceDays: number): Promise<AdminUser> {
  if (!("membershipTier" in change)) throw new AppError("BAD_REQUEST", "Only tier changes are supported");
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [before] = await txDb.select().from(users).where(eq(users.id, userId)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "User not found");
    const override: Exclude<Tier, "free"> | null = change.membershipTier === "free" ? null : change.membershipTier;
    const now = new Date();
    await txDb.update(users).set({ tierOverride: override, updatedAt: now }).where(eq(users.id, userId));
    await writeEffectiveTier(txDb, userId, now, graceDays);
    const [after] = await txDb.select().from(users).where(eq(users.id, userId));
    if (!after) throw new AppError("NOT_FOUND", "User not found");
    await txDb.insert(adminAuditLog).values({
      actorId: actor.userId,
      actorEmail: actor.email,
      targetId: userId,
      targetEmail: after.email,
      action: "change-tier",
      before: { membershipTier: before.membershipTier, tierOverride: before.tierOverride },
      after: { membershipTier: after.membershipTier, tierOverride: after.tierOverride },
    });
    return toAdminUser(after);
  });
}
