import { useMutation } from "@tanstack/react-query";
import { AUTH_MESSAGES, type ChangePasswordBody } from "../../../common/contracts/auth";
import { authClient } from "../../lib/auth-client";

/** better-auth answers `{ code, message }` on refusal; the server has already put the spec's text in `message`. */
async function post(path: string, body: object, fallback: string): Promise<void> {
  const { error } = await authClient.$fetch(path, { method: "POST", body });
  if (error) throw new Error(error.message || fallback);
}

/** Changes the password; the server then ends every other session of the account and renews this one's cookie. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: Pick<ChangePasswordBody, "currentPassword" | "newPassword">) => post("/change-password", body, AUTH_MESSAGES.passwordUpdateFailed),
  });
}

/** Ends every session of the account except this browser's. */
export function useSignOutOtherDevices() {
  return useMutation({ mutationFn: () => post("/revoke-other-sessions", {}, AUTH_MESSAGES.modalFallback) });
}
