import { createHash, randomBytes } from "node:crypto";
import { INVITATION_DAYS } from "../../../common/contracts/invitations";

/** A fresh link token (32 random bytes) and the only thing stored about it: its hash. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

/** SHA-256 is enough here: the token is random, not a password, so there is nothing to slow-hash. */
export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function invitationExpiry(from: Date): Date {
  return new Date(from.getTime() + INVITATION_DAYS * 86_400_000);
}
