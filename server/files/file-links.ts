import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a download or stream link handed to a browser stays valid. */
export const FILE_LINK_TTL_SECONDS = 60 * 60;

export type FileKind = "resource" | "video" | "lesson";

export interface FileLinkSigner {
  /** `?expires=…&signature=…` for this item and this viewer (anonymous is "-"). */
  sign(kind: FileKind, id: number, viewerId: string | null, now?: number): string;
  /** True when the query's signature matches and has not expired. */
  verify(kind: FileKind, id: number, viewerId: string | null, query: { expires?: unknown; signature?: unknown }, now?: number): boolean;
}

/**
 * Signed, expiring file links. The signature binds the item, the viewer and the expiry, so a copied
 * link neither works for someone else nor forever; the tier is still checked on every request.
 */
export function createFileLinkSigner(secret: string): FileLinkSigner {
  const mac = (kind: FileKind, id: number, viewerId: string | null, expires: number) =>
    createHmac("sha256", `file-links:${secret}`).update(`${kind}:${id}:${viewerId ?? "-"}:${expires}`).digest("base64url");
  return {
    sign(kind, id, viewerId, now = Date.now()) {
      const expires = Math.floor(now / 1000) + FILE_LINK_TTL_SECONDS;
      return `expires=${expires}&signature=${mac(kind, id, viewerId, expires)}`;
    },
    verify(kind, id, viewerId, query, now = Date.now()) {
      const expires = Number(query.expires);
      if (!Number.isInteger(expires) || expires < Math.floor(now / 1000) || typeof query.signature !== "string") return false;
      const expected = Buffer.from(mac(kind, id, viewerId, expires));
      const given = Buffer.from(query.signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
