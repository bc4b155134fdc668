import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mediaItems } from "./media.table";

export interface UploadedFile {
  id: number;
  name: string;
  fileKey: string;
  fileSize: number;
}

/** Files the member uploaded to the media library (YouTube entries have none): what the zip carries and the deletion removes. */
export async function listUploadedFiles(db: Database, userId: string): Promise<UploadedFile[]> {
  const rows = await db
    .select({ id: mediaItems.id, name: mediaItems.name, fileKey: mediaItems.fileKey, fileSize: mediaItems.fileSize })
    .from(mediaItems)
    .where(and(eq(mediaItems.uploadedBy, userId), isNotNull(mediaItems.fileKey)))
    .orderBy(asc(mediaItems.id));
  return rows.flatMap((row) => (row.fileKey ? [{ ...row, fileKey: row.fileKey }] : []));
}

/**
 * The file's path inside the zip: `files/<id>-<name>`, the display name reduced to safe characters,
 * so no name ('../../x', a drive letter, control characters) can write outside the folder it is unpacked in.
 */
export function zipPathOf(file: { id: number; name: string }): string {
  const safe = file.name
    .normalize("NFKC")
    .replace(/[^A-Za-z0-9._ -]+/g, "_")
    .replace(/^[.\s]+/, "")
    .slice(0, 100)
    .trim();
  return `files/${file.id}-${safe || "file"}`;
}
