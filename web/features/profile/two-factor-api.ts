import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TwoFactorStatus } from "../../../common/contracts/settings";
import { AUTH_MESSAGES } from "../../../common/contracts/auth";
import { getJson } from "../../lib/api-client";
import { authClient } from "../../lib/auth-client";

// Not under "me": signing out drops it with the other member-only queries.
export const twoFactorStatusKey = ["two-factor-status"] as const;

/** Whether the signed-in account has a second factor, and whether the admin area insists on one. */
export function useTwoFactorStatus(enabled = true) {
  return useQuery({ queryKey: twoFactorStatusKey, queryFn: () => getJson<TwoFactorStatus>("/api/me/two-factor"), enabled });
}

export interface TwoFactorSetup {
  /** otpauth:// URI for authenticator apps, issuer = the community name. */
  totpURI: string;
  /** Shown once, after the first code confirms the setup. */
  backupCodes: string[];
}

/** better-auth's two-factor endpoints answer `{ code, message }` on refusal; the message is already the user's text. */
async function post<T>(path: string, body: object): Promise<T> {
  const { data, error } = await authClient.$fetch<T>(path, { method: "POST", body });
  if (error) throw new Error(error.message || AUTH_MESSAGES.modalFallback);
  return data as T;
}

/** Start (password), confirm (first code) and turn off (password) the second factor; each changes the session cookie. */
export function useTwoFactorSetup() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
  return {
    start: useMutation({ mutationFn: (password: string) => post<TwoFactorSetup>("/two-factor/enable", { password }) }),
    confirm: useMutation({ mutationFn: (code: string) => post<unknown>("/two-factor/verify-totp", { code }) }),
    finish: refresh,
    disable: useMutation({ mutationFn: (password: string) => post<unknown>("/two-factor/disable", { password }), onSuccess: refresh }),
  };
}

/** The base32 secret of an otpauth:// URI, in groups of four for typing into an app. */
export function manualEntrySecret(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
