import type { ZodType } from "zod";
import { ChangePasswordBodySchema, ResetRequestBodySchema, SignInBodySchema, SignUpBodySchema } from "../../common/contracts/auth";
import { RecoveryCodeBodySchema, TwoFactorCodeBodySchema, TwoFactorPasswordBodySchema } from "../../common/contracts/settings";

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
  /**
   * Accounts this browser completed a sign-in to (its known-device cookie, signature checked): an
   * attempt at one of them does not count against the account. Matched by the account's id in the
   * same statement that counts, so a known device costs no lookup of its own.
   */
  knownAccountIds: readonly string[];
  perAddress: number;
  perAccount: number;
}

export interface LimitOutcome {
  /** The seconds to wait when a limit is passed, else null. */
  retryAfter: number | null;
  /** Whether the attempt counted against the account: only then does a successful sign-in clear that count. */
  accountCounted: boolean;
}

export function accountKey(path: string, account: string): string {
  return `account:${path}:${account}`;
}
