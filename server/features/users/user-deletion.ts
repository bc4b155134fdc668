import { and, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import { USER_ADMIN_MESSAGES } from "../../../common/contracts/users";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import { billingCustomers, subscriptions } from "../../billing/billing.table";
import { LIVE_STATUSES } from "../../billing/provider";
import { syncCustomer, type BillingDeps } from "../../billing/sync";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { FileStore } from "../../files/file-store";
import type { ErasedBy, ErasedMember, Erasure, PersonalDataDeclaration } from "../../personal-data/declaration";
import { chunks } from "./chunks";
import { deletedUserLabel, recordAudit } from "./audit-log";
import type { UserRow } from "./admin-user";
import { assertActiveAdminRemains, assertNotSelf } from "./last-admin";

export interface DeletionDeps {
  db: Database;
  /** Null when payments are misconfigured: only accounts without a live subscription can go then. */
  billing: BillingDeps | null;
  /** What each feature keeps about a member and how it goes (server/personal-data-declarations.ts). */
  personalData: readonly PersonalDataDeclaration[];
  /** Where the deleted accounts' stored files are removed from. */
  files: FileStore;
  logger: Logger;
}

/** A customer may hold more than one live subscription; each round cancels the one the sync sees. */
const MAX_CANCEL_ROUNDS = 5;

/**
 * Ends every live subscription of these accounts at the payment provider, then syncs, before any
 * account is deleted: nobody keeps paying for an account that no longer exists. Refuses (503) when a
 * live subscription exists and billing is misconfigured or the provider fails.
 */
export async function cancelLiveSubscriptions({ db, billing }: Pick<DeletionDeps, "db" | "billing">, userIds: readonly string[]): Promise<void> {
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
 * Deletes accounts and their personal data in the caller's transaction, as each feature declares it
 * (server/personal-data-declarations.ts): what the foreign keys' cascades cannot do runs first, then
 * the account rows go. Answers the stored files to remove once the transaction commits
 * (removeStoredFiles). No audit entry is written: callers record their own (an admin's deletion, or a
 * member's deletion of their own account).
 */
export async function erasePersonalData(tx: Database, declarations: readonly PersonalDataDeclaration[], members: readonly ErasedMember[], by: ErasedBy): Promise<string[]> {
  const fileKeys: string[] = [];
  for (const batch of chunks(members)) {
    const erasure: Erasure = { tx, members: batch, by };
    for (const declaration of declarations) fileKeys.push(...((await declaration.filesToRemove?.(erasure)) ?? []));
    for (const declaration of declarations) await declaration.erase?.(erasure);
    await tx.delete(users).where(inArray(users.id, batch.map((member) => member.id)));
  }
  return fileKeys;
}

/** An account as the erasure needs it; an admin's deletion keeps the member's posts as 'Deleted member'. */
export const erasedMember = (row: Pick<UserRow, "id" | "email" | "emailVerified">, posts: ErasedMember["posts"] = "anonymise"): ErasedMember => ({
  id: row.id,
  email: row.email.toLowerCase(),
  emailConfirmed: row.emailVerified,
  posts,
});

/** Removes the deleted accounts' stored files, after the commit: a failure is logged (the rows are gone, so the file is unreachable). */
export async function removeStoredFiles(files: FileStore, logger: Logger, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await files.remove(key);
    } catch (error) {
      logger.error({ err: error, key }, "removing a deleted account's file from storage failed");
    }
  }
}

/** An admin deletes accounts: their personal data goes (erasePersonalData) and each deletion is one audit entry by that admin. */
export async function eraseAccounts(tx: Database, declarations: readonly PersonalDataDeclaration[], actor: Viewer, targets: readonly UserRow[]): Promise<string[]> {
  const fileKeys: string[] = [];
  for (const batch of chunks(targets)) {
    fileKeys.push(...(await erasePersonalData(tx, declarations, batch.map((row) => erasedMember(row)), "admin")));
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
  return fileKeys;
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
  const fileKeys = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await assertActiveAdminRemains(txDb, actor);
    const [row] = await txDb.select().from(users).where(eq(users.id, userId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", USER_ADMIN_MESSAGES.userNotFound);
    return eraseAccounts(txDb, deps.personalData, actor, [row]);
  });
  await removeStoredFiles(deps.files, deps.logger, fileKeys);
}
