import { and, eq } from "drizzle-orm";
import { ACCOUNT_DATA_MESSAGES, type PostsChoice } from "../../../common/contracts/account-data";
import { USER_ADMIN_MESSAGES } from "../../../common/contracts/users";
import { users } from "../../auth/auth.table";
import { billingCustomers } from "../../billing/billing.table";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { mediaItems } from "../media/media.table";
import { adminAuditLog } from "../users/audit-log.table";
import { deletedUserLabel } from "../users/audit-log";
import { cancelLiveSubscriptions, erasedMember, erasePersonalData, removeStoredFiles } from "../users/user-deletion";
import type { AccountDataDeps } from "./account-data-deps";

/** True when the account is an active admin and no other active admin exists. */
export async function isLastActiveAdmin(db: Database, userId: string): Promise<boolean> {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .limit(2);
  return admins.length === 1 && admins[0]?.id === userId;
}

/**
 * Locks every active admin's row in id order (like every change that can remove an admin, see
 * users/last-admin.ts) and refuses when this account is the only one; so two last-but-one admins
 * deleting themselves at once cannot both succeed.
 */
async function assertAnotherAdminRemains(tx: Database, userId: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .orderBy(users.id)
    .for("update");
  if (admins.some((admin) => admin.id === userId) && !admins.some((admin) => admin.id !== userId)) throw new AppError("FORBIDDEN", ACCOUNT_DATA_MESSAGES.lastAdmin);
}

/**
 * Ends the member's business with the payment provider first: live subscriptions are cancelled (and
 * synced), then the customer is deleted there. Refused (503) when that cannot be done, before anything
 * of the account is deleted; a retry finds the customer already gone and goes on.
 */
async function closeProviderCustomer(deps: AccountDataDeps, userId: string): Promise<void> {
  await cancelLiveSubscriptions({ db: deps.db, billing: deps.billing }, [userId]);
  const [customer] = await deps.db.select({ customerId: billingCustomers.customerId }).from(billingCustomers).where(eq(billingCustomers.userId, userId));
  if (!customer) return;
  if (!deps.billing) throw new AppError("SERVICE_UNAVAILABLE", USER_ADMIN_MESSAGES.billingUnavailable);
  try {
    await deps.billing.provider.deleteCustomer(customer.customerId);
  } catch (error) {
    deps.logger.error({ err: error }, "deleting the payment provider's customer of a deleted account failed");
    throw new AppError("SERVICE_UNAVAILABLE", USER_ADMIN_MESSAGES.cancelFailed);
  }
}

/**
 * A member deletes their own account (identity already confirmed by the caller). The provider's
 * customer goes first; then in one transaction their personal data goes as each feature declares it
 * (their posts and replies kept as 'Deleted member' or deleted, their choice; their media library
 * uploads and prepared exports removed; traces kept under their address erased), and one audit entry
 * records the deletion without their name or email. Their stored files are removed once it commits.
 */
export async function deleteOwnAccount(deps: AccountDataDeps, userId: string, posts: PostsChoice): Promise<void> {
  const { db } = deps;
  if (await isLastActiveAdmin(db, userId)) throw new AppError("FORBIDDEN", ACCOUNT_DATA_MESSAGES.lastAdmin);
  // What the account was, for the audit entry: read before cancelling the subscription lowers its tier.
  const [before] = await db.select({ role: users.role, membershipTier: users.membershipTier, tierOverride: users.tierOverride }).from(users).where(eq(users.id, userId));
  await closeProviderCustomer(deps, userId);
  const fileKeys = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await assertAnotherAdminRemains(txDb, userId);
    const [row] = await txDb.select().from(users).where(eq(users.id, userId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", "Account not found");
    const uploads = await txDb.$count(mediaItems, eq(mediaItems.uploadedBy, userId));
    const keys = await erasePersonalData(txDb, deps.personalData, [erasedMember(row, posts)], "member");
    await txDb.insert(adminAuditLog).values({
      actorId: null,
      actorEmail: deletedUserLabel(row.id),
      targetId: row.id,
      targetEmail: deletedUserLabel(row.id),
      action: "delete-own-account",
      before: before ?? { role: row.role, membershipTier: row.membershipTier, tierOverride: row.tierOverride },
      after: { posts: posts === "delete" ? "deleted" : "kept as Deleted member", uploadsRemoved: uploads },
    });
    return keys;
  });
  await removeStoredFiles(deps.files, deps.logger, fileKeys);
}
