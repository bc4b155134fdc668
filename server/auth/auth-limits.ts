import type { ZodType } from "zod";
import { ChangePasswordBodySchema, ResetRequestBodySchema, SignInBodySchema, SignUpBodySchema } from "../../common/contracts/auth";
import { RecoveryCodeBodySchema, TwoFactorCodeBodySchema, TwoFactorPasswordBodySchema } from "../../common/contracts/settings";
import type { Database } from "../db/client";
import { hitRateLimit, hitRateLimitsInTurn } from "./rate-limit";

/**
 * Whose guesses a request spends: `email` the address in the body, `signed-in` the account of the
 * session (or of the pending two-factor sign-in), `none` only the client address.
 */
export type AccountSource = "email" | "signed-in" | "none";

export interface LimitedEndpoint {
  schema?: ZodType;
  account: AccountSource;
}

/** Endpoints that guess or spend credentials: limited per client address and per account, bodies checked first. */
export const LIMITED_ENDPOINTS: Record<string, LimitedEndpoint> = {
  "/sign-in/email": { schema: SignInBodySchema, account: "email" },
  "/sign-up/email": { schema: SignUpBodySchema, account: "email" },
  "/request-password-reset": { schema: ResetRequestBodySchema, account: "email" },
  "/reset-password": { account: "none" },
  "/sign-in/social": { account: "none" },
  "/change-password": { schema: ChangePasswordBodySchema, account: "signed-in" },
  // Second factor: better-auth also caps guesses per sign-in (5) and per account (10, then a 15-minute lock).
  "/two-factor/verify-totp": { schema: TwoFactorCodeBodySchema, account: "signed-in" },
  "/two-factor/verify-backup-code": { schema: RecoveryCodeBodySchema, account: "signed-in" },
  "/two-factor/enable": { schema: TwoFactorPasswordBodySchema, account: "signed-in" },
  "/two-factor/disable": { schema: TwoFactorPasswordBodySchema, account: "signed-in" },
};

export const WINDOW_ADDRESS_SECONDS = 60;
export const WINDOW_ACCOUNT_SECONDS = 15 * 60;

export interface LimitCheck {
  path: string;
  address: string;
  /** Normalized email of the account the request guesses at, when known. */
  account: string | undefined;
  /** A browser that signed in to this account before: its failures do not count against the account. */
  isKnownDevice: boolean;
  perAddress: number;
  perAccount: number;
}

/** Counts one attempt; the seconds to wait when a limit is passed, else null. */
export async function checkLimits(db: Database, check: LimitCheck): Promise<number | null> {
  const address = { key: `ip:${check.path}:${check.address}`, limit: check.perAddress, windowSeconds: WINDOW_ADDRESS_SECONDS };
  if (!check.account || check.isKnownDevice) {
    const byAddress = await hitRateLimit(db, address.key, address.limit, address.windowSeconds);
    return byAddress.allowed ? null : byAddress.retryAfterSeconds;
  }
  // An address past its limit spends none of the account's guesses: one address cannot lock out accounts faster than it may guess.
  const account = { key: accountKey(check.path, check.account), limit: check.perAccount, windowSeconds: WINDOW_ACCOUNT_SECONDS };
  const [byAddress, byAccount] = await hitRateLimitsInTurn(db, address, account);
  if (!byAddress.allowed) return byAddress.retryAfterSeconds;
  return byAccount === null || byAccount.allowed ? null : byAccount.retryAfterSeconds;
}

export function accountKey(path: string, account: string): string {
  return `account:${path}:${account}`;
}
