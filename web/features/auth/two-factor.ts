import { authClient } from "../../lib/auth-client";

export type SecondFactor = "totp" | "recovery";

/** What better-auth answers to a password sign-in when the account has a second factor. */
export function asksForSecondFactor(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as { twoFactorRedirect?: unknown }).twoFactorRedirect === true;
}

const VERIFY_PATHS: Record<SecondFactor, string> = {
  totp: "/two-factor/verify-totp",
  recovery: "/two-factor/verify-backup-code",
};

/** Completes a sign-in that asked for a second factor; answers the server's message on refusal. */
export async function verifySecondFactor(kind: SecondFactor, code: string): Promise<{ error: string | null }> {
  const { error } = await authClient.$fetch(VERIFY_PATHS[kind], { method: "POST", body: { code } });
  return { error: error ? (error.message ?? "") : null };
}
