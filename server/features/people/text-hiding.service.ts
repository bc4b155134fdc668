import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { PEOPLE_MESSAGES } from "../../../common/contracts/people";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { recordAudit } from "../users/audit-log";
import { memberProfiles as profiles } from "./people.table";

/**
 * An admin hides a profile's text for breaking the community guidelines (`hidden` true), or restores
 * it; the change and its audit entry commit together. Doing what is already done changes nothing and
 * records nothing.
 */
export async function setProfileTextHidden(db: Database, admin: Viewer, userId: string, hidden: boolean): Promise<{ textHidden: boolean }> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!target) throw new AppError("NOT_FOUND", PEOPLE_MESSAGES.notFound);
    const changed = await tx
      .update(profiles)
      .set(hidden ? { textHiddenAt: new Date(), textHiddenBy: admin.userId } : { textHiddenAt: null, textHiddenBy: null })
      .where(and(eq(profiles.userId, userId), hidden ? isNull(profiles.textHiddenAt) : isNotNull(profiles.textHiddenAt)))
      .returning({ userId: profiles.userId });
    if (changed.length > 0) {
      await recordAudit(tx, admin, [
        { action: hidden ? "hide-profile-text" : "restore-profile-text", targetId: userId, targetEmail: target.email, before: { textHidden: !hidden }, after: { textHidden: hidden } },
      ]);
    }
    return { textHidden: hidden };
  });
}
