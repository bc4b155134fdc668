import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors";
import { parseByteRange } from "./byte-range";
import { contentDisposition } from "./content-disposition";
import type { FileKind, FileLinkSigner } from "./file-links";
import type { FileStore } from "./file-store";

/**
 * Types served as stored (spec 001 §5 upload allow-list). Anything else goes out as octet-stream, so a
 * stored file can never render as HTML or script-carrying SVG on the app's origin.
 */
const SERVABLE_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "video/mp4",
  "video/webm",
  "video/ogg",
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
]);

export const servedContentType = (fileType: string | null): string => {
  const type = fileType?.trim().toLowerCase() ?? "";
  return SERVABLE_TYPES.has(type) ? type : "application/octet-stream";
};

export interface DeliverableFile {
  kind: FileKind;
  id: number;
  /** Whether the viewer's tier opens the item now. Checked on every request: a valid link never replaces it. */
  allowed: boolean;
  /** A file in the file store. */
  fileKey: string | null;
  /** An address an admin entered instead of a stored file; answered with a redirect. */
  externalUrl: string | null;
  fileType: string | null;
  fileName: string;
  disposition: "attachment" | "inline";
}

export interface FileDeliveryDeps {
  files: FileStore;
  fileLinks: FileLinkSigner;
}

/**
 * Answers a file link (GET or HEAD): the viewer's tier, then the link's signature for this viewer, and
 * only then the bytes (a single range honoured) or the redirect to the admin-entered address.
 */
export async function deliverFile(request: FastifyRequest, reply: FastifyReply, deps: FileDeliveryDeps, file: DeliverableFile): Promise<FastifyReply> {
  if (!file.allowed) throw new AppError("FORBIDDEN", "Your membership plan does not include this file");
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (!deps.fileLinks.verify(file.kind, file.id, request.viewer?.userId ?? null, query)) {
    throw new AppError("FORBIDDEN", "This link is invalid or has expired. Please reload the page and try again.");
  }
  // Each answer is for one viewer and one link; no shared or browser cache may keep it.
  reply.header("cache-control", "private, no-store");
  if (file.fileKey) return sendStoredFile(request, reply, deps.files, { ...file, key: file.fileKey });
  if (file.externalUrl && /^https?:\/\//i.test(file.externalUrl)) return reply.redirect(file.externalUrl, 302);
  throw new AppError("NOT_FOUND", "File not found");
}

/** A stored file as delivered: which key, and how it is labelled. */
export interface StoredDelivery {
  key: string;
  fileType: string | null;
  fileName: string;
  disposition: "attachment" | "inline";
}

/**
 * Sends a stored file (a single range honoured) as one of the allow-listed types or octet-stream, with
 * nosniff and a safe Content-Disposition. The caller has decided who may have it and how it is cached.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, files: FileStore, file: StoredDelivery): Promise<FastifyReply> {
  const { key } = file;
  const stored = await files.stat(key);
  if (!stored) throw new AppError("NOT_FOUND", "File not found");
  reply.header("accept-ranges", "bytes");
  const range = parseByteRange(request.headers.range, stored.size);
  if (range === "unsatisfiable") return reply.code(416).header("content-range", `bytes */${stored.size}`).send();
  reply
    .header("content-type", servedContentType(file.fileType))
    .header("x-content-type-options", "nosniff")
    .header("content-disposition", contentDisposition(file.disposition, file.fileName));
  const isHead = request.method === "HEAD";
  if (range === "ignore") {
    reply.code(200).header("content-length", String(stored.size));
    return isHead || stored.size === 0 ? reply.send() : reply.send(await files.read(key));
  }
  reply
    .code(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${stored.size}`)
    .header("content-length", String(range.end - range.start + 1));
  return isHead ? reply.send() : reply.send(await files.read(key, range));
}
