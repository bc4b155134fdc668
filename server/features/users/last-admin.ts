import { and, eq } from "drizzle-orm";
import { USER_ADMIN_MESSAGES } from "../../../common/contracts/users";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";

/**
 * Locks every active admin's row, in id order so concurrent changes queue instead of deadlocking, and
 * refuses the change unless the actor is still one of them. Called inside the change's transaction
 * before any other row is locked.
 *
 * This is what keeps an active admin: an admin never changes their own account here (assertNotSelf),
 * so an actor confirmed under the locks is an active admin who stays one. Two admins demoting each
 * other at once are decided one after the other, and the second is no longer an admin (403); an admin
 * demoted on another instance, whose session is still cached as an admin, changes nothing either.
 */
export async function assertActiveAdminRemains(tx: Database, actor: Viewer): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .orderBy(users.id)
    .for("update");
  if (!admins.some((admin) => admin.id === actor.userId)) throw new AppError("FORBIDDEN", "You must be an admin to do this");
}

/** An admin changes other accounts here; their own goes through Edit Profile. */
export function assertNotSelf(actor: Viewer, userId: string): void {
  if (actor.userId === userId) throw new AppError("FORBIDDEN", USER_ADMIN_MESSAGES.cannotChangeSelf);
}
