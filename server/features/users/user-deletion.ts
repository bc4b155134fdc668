import { and, eq, inArray, sql } from "drizzle-orm";
import { USER_ADMIN_MESSAGES } from "../../../common/contracts/users";
import { users, verifications } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import { billingCustomers, subscriptions } from "../../billing/billing.table";
import { LIVE_STATUSES } from "../../billing/provider";
import { syncCustomer, type BillingDeps } from "../../billing/sync";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { outboxMessages } from "../../mail/outbox.table";
import { callRequests } from "../call-requests/call-requests.table";
import { communityPosts, communityReplies, postLikes, replyLikes } from "../community/community.table";
import { invitations } from "../invitations/invitations.table";
import { chunks } from "./chunks";
import { DELETED_USER_PREFIX, deletedUserLabel, recordAudit } from "./audit-log";
import { adminAuditLog } from "./audit-log.table";
import type { UserRow } from "./admin-user";
import { assertActiveAdminRemains, assertNotSelf } from "./last-admin";

/** Billing as deleting an account needs it: a provider that can end a subscription at once. */

export interface DeletionDeps {
  db: Database;
  /** Null when payments are misconfigured: only accounts without a live subscription can go then. */
  billing: BillingDeps | null;
}

/** A customer may hold more than one live subscription; each round cancels the one the sync sees. */
const MAX_CANCEL_ROUNDS = 5;

/**
 * Ends every live subscription of these accounts at the payment provider, then syncs, before any
 * account is deleted: nobody keeps paying for an account that no longer exists. Refuses (503) when a
 * live subscription exists and billing is misconfigured or the provider fails.
 */
export async function cancelLiveSubscriptions({ db, billing }: DeletionDeps, userIds: readonly string[]): Promise<void> {
  for (let round = 0; ; round += 1) {
    const live = [];
    for (const ids of chunks(userIds)) {
      live.push(
        ...(await db
          .select({ subscriptionId: subscriptions.subscriptionId, customerId: billingCustomers.customerId })
          .from(subscriptions)
          .innerJoin(billingCustomers, eq(billingCustomers.userId, subscriptions.userId))
          .where(and(inArray(subscriptions.userId, ids), inArray(subscriptions.status, [...LIVE_STATUSES])))),
      );
    }
    if (live.length === 0) return;
    if (!billing) throw new AppError("SERVICE_UNAVAILABLE", USER_ADMIN_MESSAGES.billingUnavailable);
    if (round === MAX_CANCEL_ROUNDS) throw new AppError("SERVICE_UNAVAILABLE", USER_ADMIN_MESSAGES.cancelFailed);
    for (const subscription of live) {
      try {
        await billing.provider.cancelSubscription(subscription.subscriptionId);
        await syncCustomer(billing, subscription.customerId);
      } catch (error) {
        billing.logger.error({ err: error, subscriptionId: subscription.subscriptionId }, "cancelling a subscription before deleting the account failed");
        throw new AppError("SERVICE_UNAVAILABLE", USER_ADMIN_MESSAGES.cancelFailed);
      }
    }
  }
}

/**
 * Deletes accounts and their personal data in the caller's transaction. Sessions, sign-in accounts,
 * two-factor secrets, likes, RSVPs, billing rows and idempotency keys (with their stored answers) go
 * with the user row (foreign keys cascade); community posts and replies stay with no author
 * ("Deleted member"). Like counts drop by the likes
 * that go, mail addressed to them and their accepted invitations are deleted, and the audit log keeps
 * its entries with 'deleted user <id>' in place of their email. No audit entry is written: callers
 * record their own (an admin's deletion, or a member's deletion of their own account).
 */
export async function erasePersonalData(tx: Database, targets: readonly Pick<UserRow, "id" | "email">[]): Promise<void> {
  for (const batch of chunks(targets)) {
    const ids = batch.map((row) => row.id);
    const emails = batch.map((row) => row.email.toLowerCase());
    await tx.execute(sql`
      update ${communityPosts} set like_count = ${communityPosts.likeCount} - liked.n
      from (select ${postLikes.postId} as post_id, count(*)::int as n from ${postLikes} where ${inArray(postLikes.userId, ids)} group by ${postLikes.postId}) liked
      where ${communityPosts.id} = liked.post_id`);
    await tx.execute(sql`
      update ${communityReplies} set like_count = ${communityReplies.likeCount} - liked.n
      from (select ${replyLikes.replyId} as reply_id, count(*)::int as n from ${replyLikes} where ${inArray(replyLikes.userId, ids)} group by ${replyLikes.replyId}) liked
      where ${communityReplies.id} = liked.reply_id`);
    await tx.delete(outboxMessages).where(inArray(sql`lower(${outboxMessages.to})`, emails));
    await tx.delete(invitations).where(inArray(invitations.acceptedUserId, ids));
    // Password-reset tokens hold the user's id as their value.
    await tx.delete(verifications).where(inArray(verifications.value, ids));
    await tx.update(adminAuditLog).set({ targetEmail: sql`${DELETED_USER_PREFIX} || ${adminAuditLog.targetId}` }).where(inArray(adminAuditLog.targetId, ids));
    await tx.update(adminAuditLog).set({ actorEmail: sql`${DELETED_USER_PREFIX} || ${adminAuditLog.actorId}` }).where(inArray(adminAuditLog.actorId, ids));
    // An admin who handled call requests is named there by email too.
    await tx.update(callRequests).set({ handledByEmail: sql`${DELETED_USER_PREFIX} || ${callRequests.handledById}` }).where(inArray(callRequests.handledById, ids));
    await tx.delete(users).where(inArray(users.id, ids));
  }
}

/** An admin deletes accounts: their personal data goes (erasePersonalData) and each deletion is one audit entry by that admin. */
export async function eraseAccounts(tx: Database, actor: Viewer, targets: readonly UserRow[]): Promise<void> {
  for (const batch of chunks(targets)) {
    await erasePersonalData(tx, batch);
    await recordAudit(
      tx,
      actor,
      batch.map((row) => ({
        action: "delete-user" as const,
        targetId: row.id,
        targetEmail: deletedUserLabel(row.id),
        before: { role: row.role, membershipTier: row.membershipTier, tierOverride: row.tierOverride, isActive: row.isActive },
        after: null,
      })),
    );
  }
}

/** Deletes another account: never the actor's own, never the last active admin; a live subscription is cancelled first. */
export async function deleteUser(deps: DeletionDeps, actor: Viewer, userId: string): Promise<void> {
  assertNotSelf(actor, userId);
  const { db } = deps;
  const [target] = await db.select({ role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, userId));
  if (!target) throw new AppError("NOT_FOUND", USER_ADMIN_MESSAGES.userNotFound);
  // Refused before the subscription is cancelled; decided for good under the locks below.
  if (target.role === "admin" && target.isActive) await db.transaction((tx) => assertActiveAdminRemains(tx as unknown as Database, actor));
  await cancelLiveSubscriptions(deps, [userId]);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await assertActiveAdminRemains(txDb, actor);
    const [row] = await txDb.select().from(users).where(eq(users.id, userId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", USER_ADMIN_MESSAGES.userNotFound);
    await eraseAccounts(txDb, actor, [row]);
  });
}
