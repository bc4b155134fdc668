import { MESSAGING_MESSAGES } from "../../../common/contracts/messages";
import type { Role, Tier } from "../../../common/tiers";

/** What the rules read of the member writing. */
export interface Writer {
  userId: string;
  role: Role;
  membershipTier: Tier;
}

/** What the rules read of the member written to, as of now; null when there is no such account. */
export interface Addressee {
  userId: string;
  role: Role;
  isActive: boolean;
  acceptsMessages: boolean;
  /** Either of the two blocked the other. */
  blocked: boolean;
}

/** Paid members and admins may start conversations with anyone; free members only with admins. */
export const canStartConversations = (writer: Writer): boolean => writer.role === "admin" || writer.membershipTier !== "free";

/**
 * Why the writer may not write to the addressee now, in the words the member is shown, or null.
 * `existing`: the two already have a conversation (a free member may reply in it). A block reads as
 * "not accepting": the blocked member is never told.
 */
export function whyNotWrite(writer: Writer, addressee: Addressee | null, existing: boolean): string | null {
  if (addressee?.userId === writer.userId) return MESSAGING_MESSAGES.self;
  if (!addressee) return existing ? MESSAGING_MESSAGES.deletedMember : MESSAGING_MESSAGES.notAccepting;
  if (!addressee.isActive || !addressee.acceptsMessages || addressee.blocked) return MESSAGING_MESSAGES.notAccepting;
  if (!existing && !canStartConversations(writer) && addressee.role !== "admin") return MESSAGING_MESSAGES.freeCannotStart;
  return null;
}

/** A link in words a spammer would use: http(s)://, www., or a bare domain such as example.com. */
const LINK = /https?:\/\/|\bwww\.|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,24}\b/i;

/** True when the text holds a link (the first message of an account younger than a day may not). */
export const holdsLink = (text: string): boolean => LINK.test(text);

/** How young an account is still "new": its first messages may not hold links. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
