import { and, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { FILE_FIELD_KINDS, wrongKindMessage, type FileField, type MediaKind } from "../../../common/contracts/media";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { PUBLIC_MEDIA_PREFIX } from "./media-dto";
import { mediaItems } from "./media.table";

/** The stored file of a library item, as content copies it when it links to the item. */
export interface LinkedMediaFile {
  kind: MediaKind;
  fileKey: string;
  fileName: string;
  fileType: string;
  fileSize: number;
}

const ADMIN_FILE_PATH = /^\/api\/admin\/media\/(\d{1,10})\/file$/;

/**
 * When a file address an admin gives to content is a library item's own address (what the picker
 * puts there: `/api/admin/media/<id>/file` or a public image's `/media/<name>`, on any host), that item's
 * stored file; null for any other address, which stays an external link.
 */
export async function findLinkedMediaFile(db: Database, address: string | null | undefined): Promise<LinkedMediaFile | null> {
  if (!address || !URL.canParse(address)) return null;
  const path = new URL(address).pathname;
  const id = ADMIN_FILE_PATH.exec(path)?.[1];
  const where = id
    ? Number(id) <= 2_147_483_647
      ? eq(mediaItems.id, Number(id))
      : null
    : path.startsWith(PUBLIC_MEDIA_PREFIX)
      ? eq(mediaItems.fileKey, `media/${path.slice(PUBLIC_MEDIA_PREFIX.length)}`)
      : null;
  if (!where) return null;
  const [row] = await db
    .select({ kind: mediaItems.kind, fileKey: mediaItems.fileKey, fileName: mediaItems.name, fileType: mediaItems.fileType, fileSize: mediaItems.fileSize })
    .from(mediaItems)
    .where(and(where, isNotNull(mediaItems.fileKey)));
  return row?.fileKey ? { ...row, fileKey: row.fileKey } : null;
}

/**
 * The library file an address names, when it is of a kind `field` takes (by the kind its upload
 * detected from the bytes, never by its name); a file of another kind is refused with the field's
 * message under `inputField`.
 */
export async function findLinkedFileFor(db: Database, address: string | null | undefined, field: FileField, inputField: string): Promise<LinkedMediaFile | null> {
  const linked = await findLinkedMediaFile(db, address);
  const kinds: readonly MediaKind[] = FILE_FIELD_KINDS[field];
  if (linked && !kinds.includes(linked.kind)) {
    const message = wrongKindMessage(kinds);
    throw new AppError("VALIDATION_FAILED", message, { [inputField]: message });
  }
  return linked;
}

/** Library files belong to the library: content that links to one never removes it. */
export const isLibraryFileKey = (key: string | null): boolean => key?.startsWith("media/") ?? false;

/**
 * SQL for "this row's file came from the library and its item was deleted since", for a list query
 * over `table`. The outer column is written with its table's name: in a select from one table Drizzle
 * writes bare column names, and a bare `file_key` inside the subquery would mean the library's own.
 */
export function libraryFileMissing(table: PgTable, fileKey: PgColumn): SQL<boolean> {
  const key = sql`${table}.${sql.identifier(fileKey.name)}`;
  return sql<boolean>`coalesce(${key} like 'media/%' and not exists (select 1 from ${mediaItems} as library where library.file_key = ${key}), false)`;
}
