import { createHmac, timingSafeEqual } from "node:crypto";

/** What a link unsubscribes from: bulk email (the default) or community mention emails; each signs its own scope, so one cannot stand in for the other. */
export interface UnsubscribeList {
  path: string;
  scope: string;
}
export const BULK_EMAIL_LIST: UnsubscribeList = { path: "/api/email/unsubscribe", scope: "unsubscribe" };

/**
 * The one-click unsubscribe address in every bulk message: the member's id and a signature, so the
 * link works without signing in and cannot be made for someone else.
 */
export function unsubscribeUrl(baseUrl: string, secret: string, userId: string, list: UnsubscribeList = BULK_EMAIL_LIST): string {
  const url = new URL(list.path, baseUrl);
  url.search = new URLSearchParams({ u: userId, t: unsubscribeSignature(secret, userId, list) }).toString();
  return url.toString();
}

export function isValidUnsubscribeSignature(secret: string, userId: string, signature: string, list: UnsubscribeList = BULK_EMAIL_LIST): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, userId, list));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function unsubscribeSignature(secret: string, userId: string, list: UnsubscribeList): string {
  return createHmac("sha256", secret).update(`${list.scope}:${userId}`).digest("base64url");
}
