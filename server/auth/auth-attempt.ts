import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { accountKey, WINDOW_ACCOUNT_SECONDS, WINDOW_ADDRESS_SECONDS, type LimitCheck, type LimitOutcome } from "./auth-limits";

/** The account as better-auth reads it for a sign-in, with its credential's password hash. */
export interface SignInAccount {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image: string | null;
  role: string;
  membershipTier: string;
  isActive: boolean;
  lastLogin: Date | null;
  twoFactorEnabled: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** False for an account without a credential (Google or SSO only). */
  hasCredential: boolean;
  passwordHash: string | null;
}

/** A row of count_auth_attempt (migration 0019); the account's columns are null when none was read or found. */
interface AttemptRow {
  address_count: number;
  address_retry: number;
  account_count: number | null;
  account_retry: number | null;
  user_id: string | null;
  user_email: string;
  full_name: string;
  email_verified: boolean;
  avatar_url: string | null;
  user_role: string;
  membership_tier: string;
  is_active: boolean;
  last_login: string | null;
  two_factor_enabled: boolean;
  created_at: string;
  updated_at: string;
  has_credential: boolean;
  password_hash: string | null;
}

/**
 * Counts one attempt (per address, then per account; see checkLimits) and, given `readEmail`, reads
 * the account registered under it with its credential, in one statement.
 */
export async function countAuthAttempt(db: Database, check: LimitCheck, readEmail: string | null): Promise<LimitOutcome & { account: SignInAccount | null }> {
  const account = check.account ?? null;
  const result = (await db.execute(sql`
    select * from count_auth_attempt(
      ${`ip:${check.path}:${check.address}`}, ${WINDOW_ADDRESS_SECONDS}, ${check.perAddress},
      ${account === null ? null : accountKey(check.path, account)}, ${WINDOW_ACCOUNT_SECONDS}, ${isKnownAccount(account, check.knownAccountIds)}, ${readEmail}
    )`)) as unknown as { rows: AttemptRow[] };
  const row = result.rows[0];
  if (!row) throw new Error("count_auth_attempt answered no row");
  const byAddress = refusal(row.address_count, check.perAddress, row.address_retry, WINDOW_ADDRESS_SECONDS);
  const byAccount = row.account_count === null ? null : refusal(row.account_count, check.perAccount, row.account_retry, WINDOW_ACCOUNT_SECONDS);
  return { retryAfter: byAddress ?? byAccount, accountCounted: row.account_count !== null, account: row.user_id ? toSignInAccount({ ...row, user_id: row.user_id }) : null };
}

/**
 * Counts one attempt against the address, and against the account while the address is within its
 * limit (an address past it cannot lock accounts out any faster) and unless this browser is a known
 * device of the account.
 */
export async function checkLimits(db: Database, check: LimitCheck): Promise<LimitOutcome> {
  const { retryAfter, accountCounted } = await countAuthAttempt(db, check, null);
  return { retryAfter, accountCounted };
}

/** The seconds to wait when `count` passed `limit`, else null. */
function refusal(count: number, limit: number, retry: number | null, windowSeconds: number): number | null {
  return count > limit ? Math.max(1, retry ?? windowSeconds) : null;
}

/** Whether the browser's known-device cookie vouches for the account under `email`: then the attempt does not count against it. */
function isKnownAccount(email: string | null, knownAccountIds: readonly string[]): SQL {
  if (email === null || knownAccountIds.length === 0) return sql`false`;
  const ids = sql.join(
    knownAccountIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`exists (select 1 from users where email = ${email} and id in (${ids}))`;
}

function toSignInAccount(row: AttemptRow & { user_id: string }): SignInAccount {
  return {
    id: row.user_id,
    email: row.user_email,
    name: row.full_name,
    emailVerified: row.email_verified,
    image: row.avatar_url,
    role: row.user_role,
    membershipTier: row.membership_tier,
    isActive: row.is_active,
    // As Drizzle maps a timestamp with time zone for better-auth's own reads: the driver's text, parsed.
    lastLogin: row.last_login === null ? null : new Date(row.last_login),
    twoFactorEnabled: row.two_factor_enabled,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    hasCredential: row.has_credential,
    passwordHash: row.password_hash,
  };
}
