import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNotNull, like } from "drizzle-orm";
import { ACCOUNT_DATA_MESSAGES, DELETION_LINK_MINUTES } from "../../../common/contracts/account-data";
import { accounts, verifications } from "../../auth/auth.table";
import { checkLimits } from "../../auth/auth-attempt";
import { verifyPassword } from "../../auth/password";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";

/** The limits every password or code check has (server/auth/README.md), at this path. */
export interface ReauthenticationLimits {
  address: string;
  perAddress: number;
  perAccount: number;
}

export const DELETE_ACCOUNT_PATH = "/me/account/delete";

/** Counts one confirmation attempt like a sign-in: per client address and per account; 429 past either. */
export async function countConfirmationAttempt(db: Database, email: string, limits: ReauthenticationLimits): Promise<number | null> {
  const check = { path: DELETE_ACCOUNT_PATH, address: limits.address, account: email.toLowerCase(), knownAccountIds: [], perAddress: limits.perAddress, perAccount: limits.perAccount };
  return (await checkLimits(db, check)).retryAfter;
}

/** The account's password hash, or null for accounts that sign in only through Google or SSO. */
async function passwordHashOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)));
  return row?.password ?? null;
}

export async function hasPassword(db: Database, userId: string): Promise<boolean> {
  return (await passwordHashOf(db, userId)) !== null;
}

/** Refuses unless `password` is the account's own (400 wrong password; accounts without one use the mailed link). */
export async function assertOwnPassword(db: Database, userId: string, password: string): Promise<void> {
  const hash = await passwordHashOf(db, userId);
  if (!hash) throw new AppError("BAD_REQUEST", ACCOUNT_DATA_MESSAGES.useEmailLink);
  if (!(await verifyPassword({ hash, password }))) throw new AppError("BAD_REQUEST", ACCOUNT_DATA_MESSAGES.wrongPassword, { password: ACCOUNT_DATA_MESSAGES.wrongPassword });
}

const identifierOf = (token: string) => `delete-account:${createHash("sha256").update(token).digest("base64url")}`;

/**
 * A single-use deletion token for an account without a password, mailed to its address. Only its hash
 * is stored (in better-auth's verifications, valued with the user id, so erasing the account removes it).
 */
export async function issueDeletionToken(db: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // A new link replaces the ones mailed before.
  await db.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, "delete-account:%")));
  await db.insert(verifications).values({ id: randomUUID(), identifier: identifierOf(token), value: userId, expiresAt: new Date(Date.now() + DELETION_LINK_MINUTES * 60_000) });
  return token;
}

/** Uses up the token if it was issued to this account and has not expired; refuses (400) otherwise. */
export async function consumeDeletionToken(db: Database, userId: string, token: string): Promise<void> {
  const used = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, identifierOf(token)), eq(verifications.value, userId), gt(verifications.expiresAt, new Date())))
    .returning({ id: verifications.id });
  if (used.length === 0) throw new AppError("BAD_REQUEST", ACCOUNT_DATA_MESSAGES.linkInvalid, { token: ACCOUNT_DATA_MESSAGES.linkInvalid });
}
