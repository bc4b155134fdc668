import { and, eq } from "drizzle-orm";
import { USER_ADMIN_MESSAGES } from "../../../common/contracts/users";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";

/**
 * Locks every active admin's row, in id order so concurrent changes queue instead of deadlocking, and
 * refuses a change after which no active admin would remain. Called inside the change's transaction
 * before any other row is locked: two admins demoting each other at once are decided one after the
 * other, and the second sees the first's demotion.
 */
export async function assertActiveAdminRemains(tx: Database, actor: Viewer, leaving: readonly string[]): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .orderBy(users.id)
    .for("update");
  const remaining = admins.filter((admin) => !leaving.includes(admin.id));
  if (remaining.length === 0 && admins.length > 0) throw new AppError("CONFLICT", USER_ADMIN_MESSAGES.lastAdmin);
  // The actor's role was read before the locks: someone may have demoted them meanwhile.
  if (!admins.some((admin) => admin.id === actor.userId)) throw new AppError("FORBIDDEN", "You must be an admin to do this");
}

/** An admin changes other accounts here; their own goes through Edit Profile. */
export function assertNotSelf(actor: Viewer, userId: string): void {
  if (actor.userId === userId) throw new AppError("FORBIDDEN", USER_ADMIN_MESSAGES.cannotChangeSelf);
}
