import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The download address of a prepared export: signed for that export, that member and its expiry, so
 * a link copied from the mail neither opens someone else's export nor works after it expires. The
 * download also needs that member's session.
 */
export function exportDownloadPath(secret: string, exportId: string, userId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `/api/me/data/exports/${exportId}/download?expires=${expires}&signature=${signature(secret, exportId, userId, expires)}`;
}

/** True when the query was signed for this export and member and has not expired. */
export function isValidExportLink(secret: string, exportId: string, userId: string, query: { expires?: unknown; signature?: unknown }, now = Date.now()): boolean {
  const expires = Number(query.expires);
  if (!Number.isInteger(expires) || expires * 1000 <= now || typeof query.signature !== "string") return false;
  const expected = Buffer.from(signature(secret, exportId, userId, expires));
  const given = Buffer.from(query.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function signature(secret: string, exportId: string, userId: string, expires: number): string {
  return createHmac("sha256", `account-export:${secret}`).update(`${exportId}:${userId}:${expires}`).digest("base64url");
}
