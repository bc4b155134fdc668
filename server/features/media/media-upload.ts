import type { MultipartFile } from "@fastify/multipart";
import { fileTypeFromStream } from "file-type";
import { Readable, pipeline } from "node:stream";
import { ALLOWED_UPLOADS, MAX_UPLOAD_BYTES, MEDIA_MESSAGES, wrongKindMessage, type AllowedExtension, type MediaItem, type MediaKind } from "../../../common/contracts/media";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { answerOnce, fingerprintOf, type Answer, type IdempotencyKey } from "../../plugins/idempotency";
import { AppError } from "../../errors";
import { safeFileName } from "../../files/content-disposition";
import { newFileKey } from "../../files/file-store";
import type { ContentDeps } from "../content/content-deps";
import { recordAudit } from "../users/audit-log";
import { toMediaItem } from "./media-dto";
import { existingFolder } from "./media.service";
import { mediaItems } from "./media.table";
import { UploadInspector, magicAgrees } from "./upload-inspector";

/** The bytes busboy lets through: one more than the largest limit, so the inspector sees the overflow. */
export const MULTIPART_FILE_LIMIT = Math.max(...Object.values(MAX_UPLOAD_BYTES)) + 1;

const isAllowedExtension = (value: string): value is AllowedExtension => Object.hasOwn(ALLOWED_UPLOADS, value);

/** The declared type and the name's extension, both on the allow-list and agreeing; 415 otherwise. */
function allowedExtensionOf(part: MultipartFile): AllowedExtension {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(part.filename)?.[1]?.toLowerCase() ?? "";
  if (!isAllowedExtension(extension)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", MEDIA_MESSAGES.invalidType);
  const declared = part.mimetype.split(";")[0]?.trim().toLowerCase();
  const agrees = declared === ALLOWED_UPLOADS[extension].type || (extension.startsWith("og") && declared === "audio/ogg");
  if (!agrees) throw new AppError("UNSUPPORTED_MEDIA_TYPE", MEDIA_MESSAGES.invalidType);
  return extension;
}

/**
 * Upload New of a file field takes only that field's kinds. The extension decides the kind here, and
 * the bytes must then agree with the extension, so the kind is the detected one.
 */
function checkKind(extension: AllowedExtension, kinds: readonly MediaKind[]): void {
  if (kinds.length > 0 && !kinds.includes(ALLOWED_UPLOADS[extension].kind)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", wrongKindMessage(kinds));
}

/**
 * Streams one uploaded file into storage under a generated key while checking it, then records it.
 * Any refusal, failure or disconnect removes what was stored, and no row is written without its file.
 * With an Idempotency-Key the row is recorded once per key: a repeat of an upload already recorded
 * (the same folder, name, type and size) gets its answer, and the file it sent again is removed.
 */
export async function storeUpload(
  deps: ContentDeps,
  admin: Viewer,
  part: MultipartFile,
  options: { folder: string; kinds: readonly MediaKind[]; isPublic: boolean; idempotencyKey: IdempotencyKey | null },
): Promise<Answer<MediaItem>> {
  let extension: AllowedExtension;
  let folder: string;
  try {
    extension = allowedExtensionOf(part);
    checkKind(extension, options.kinds);
    folder = await existingFolder(deps.db, options.folder);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const { kind, type } = ALLOWED_UPLOADS[extension];
  const key = newFileKey("media", extension === "jpeg" ? "jpg" : extension);
  const inspector = new UploadInspector(extension);
  try {
    // pipeline() destroys the inspector when the client's stream fails, which fails the write.
    await deps.files.write(key, pipeline(part.file, inspector, () => undefined));
    if (part.file.truncated) throw new AppError("PAYLOAD_TOO_LARGE", MEDIA_MESSAGES.tooLarge(kind));
    const inspected = inspector.result();
    if (inspected.needsRecheck && !magicAgrees(extension, await fileTypeFromStream(Readable.toWeb(await deps.files.read(key))), true)) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", MEDIA_MESSAGES.invalidType);
    }
    const name = safeFileName(part.filename, `upload.${extension}`);
    const identity = { folder, isPublic: options.isPublic, fileName: part.filename, fileType: part.mimetype, size: inspected.size };
    const answer = await answerOnce(deps.db, options.idempotencyKey, fingerprintOf(identity), 201, (db) => db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [row] = await tx
        .insert(mediaItems)
        .values({
          kind,
          name,
          fileKey: key,
          fileType: type,
          fileSize: inspected.size,
          folder,
          width: inspected.dimensions?.width ?? null,
          height: inspected.dimensions?.height ?? null,
          pageCount: inspected.pageCount,
          isPublic: options.isPublic && kind === "image",
          uploadedBy: admin.userId,
        })
        .returning();
      if (!row) throw new Error("media insert returned no row");
      await recordAudit(tx, admin, [{ action: "upload-media", targetId: String(row.id), targetEmail: name, before: null, after: { name, folder: row.folder, size: row.fileSize, fileType: type } }]);
      return toMediaItem(row);
    }));
    if (answer.replayed) await deps.files.remove(key).catch(() => undefined);
    return answer;
  } catch (error) {
    part.file.resume();
    // The write already removed a partial file; this catches a complete one refused afterwards. A
    // store that fails here too must not hide the refusal (413/415) behind its own error.
    await deps.files.remove(key).catch(() => undefined);
    throw error;
  }
}
