import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The one-click unsubscribe address in every bulk message: the member's id and a signature, so the
 * link works without signing in and cannot be made for someone else.
 */
export function unsubscribeUrl(baseUrl: string, secret: string, userId: string): string {
  const url = new URL("/api/email/unsubscribe", baseUrl);
  url.search = new URLSearchParams({ u: userId, t: unsubscribeSignature(secret, userId) }).toString();
  return url.toString();
}

export function isValidUnsubscribeSignature(secret: string, userId: string, signature: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, userId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function unsubscribeSignature(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`unsubscribe:${userId}`).digest("base64url");
}
