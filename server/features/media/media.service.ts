import { and, count, desc, eq, ilike, inArray, isNotNull, type SQL } from "drizzle-orm";
import {
  DEFAULT_MEDIA_FOLDERS,
  MEDIA_MESSAGES,
  youtubeIdFrom,
  type MediaItem,
  type MediaPage,
  type MediaQuerySchema,
  type MediaUpdate,
  type MediaUsage,
  type MediaUsages,
  type YoutubeInputSchema,
} from "../../../common/contracts/media";
import type { z } from "zod";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { ContentDeps } from "../content/content-deps";
import { resources } from "../resources/resources.table";
import { lessonsUsingMedia } from "../university/lessons-using-media";
import { recordAudit } from "../users/audit-log";
import { mediaVideos } from "../videos/videos.table";
import { toMediaItem, youtubeEmbedUrl, type MediaRow } from "./media-dto";
import { mediaFolders, mediaItems } from "./media.table";

type Query = z.output<typeof MediaQuerySchema>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A page of the library, newest first, with the total for the pager. */
export async function listMedia(db: Database, query: Query): Promise<MediaPage> {
  const filters: SQL[] = [];
  if (query.kind.length > 0) filters.push(inArray(mediaItems.kind, query.kind));
  if (query.stored) filters.push(isNotNull(mediaItems.fileKey));
  if (query.folder !== "all") filters.push(eq(mediaItems.folder, query.folder));
  if (query.search) filters.push(ilike(mediaItems.name, `%${escapeLike(query.search)}%`));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mediaItems)
      .where(where)
      .orderBy(desc(mediaItems.createdAt), desc(mediaItems.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(mediaItems).where(where),
  ]);
  return { items: rows.map(toMediaItem), total: Number(total?.value ?? 0), page: query.page, pageSize: query.pageSize };
}

export async function findMedia(db: Database, id: number): Promise<MediaRow | null> {
  const [row] = await db.select().from(mediaItems).where(eq(mediaItems.id, id));
  return row ?? null;
}

/** A public image by its stored name, or null (private items are never served here). */
export async function findPublicImage(db: Database, name: string): Promise<MediaRow | null> {
  const [row] = await db
    .select()
    .from(mediaItems)
    .where(and(eq(mediaItems.fileKey, `media/${name}`), eq(mediaItems.isPublic, true), eq(mediaItems.kind, "image")));
  return row ?? null;
}

/** The default folders, the ones admins made, and any an item sits in, alphabetically after the defaults. */
export async function listFolders(db: Database): Promise<string[]> {
  const [made, used] = await Promise.all([
    db.select({ name: mediaFolders.name }).from(mediaFolders),
    db.selectDistinct({ name: mediaItems.folder }).from(mediaItems),
  ]);
  const extra = [...new Set([...made, ...used].map((row) => row.name))].filter((name) => !(DEFAULT_MEDIA_FOLDERS as readonly string[]).includes(name)).sort();
  return [...DEFAULT_MEDIA_FOLDERS, ...extra];
}

/**
 * The folder as the library spells it, for an upload, a YouTube video or a move that names one: a
 * name that is no folder yet is refused, so a typo does not quietly start a new folder (New Folder
 * makes one). Case is forgiven, as folder names are told apart without it.
 */
export async function existingFolder(db: Database, name: string): Promise<string> {
  const found = (await listFolders(db)).find((folder) => folder.toLowerCase() === name.toLowerCase());
  if (!found) throw new AppError("VALIDATION_FAILED", MEDIA_MESSAGES.unknownFolder(name), { folder: MEDIA_MESSAGES.unknownFolder(name) });
  return found;
}

/** Creates a folder; names differing only in case count as the same folder (409). */
export async function createFolder(db: Database, admin: Viewer, name: string): Promise<string[]> {
  const existing = await listFolders(db);
  if (existing.some((folder) => folder.toLowerCase() === name.toLowerCase())) throw new AppError("CONFLICT", MEDIA_MESSAGES.folderExists);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const inserted = await tx.insert(mediaFolders).values({ name }).onConflictDoNothing().returning({ id: mediaFolders.id });
    if (inserted.length === 0) throw new AppError("CONFLICT", MEDIA_MESSAGES.folderExists);
    await recordAudit(tx, admin, [{ action: "create-media-folder", targetId: name, targetEmail: name, before: null, after: { name } }]);
  });
  return listFolders(db);
}

/** Adds a YouTube video by address and title; the address must carry an 11-character id. */
export async function addYoutubeVideo(db: Database, admin: Viewer, input: z.output<typeof YoutubeInputSchema>): Promise<MediaItem> {
  const youtubeId = youtubeIdFrom(input.url);
  if (!youtubeId) throw new AppError("VALIDATION_FAILED", MEDIA_MESSAGES.invalidYoutube, { url: MEDIA_MESSAGES.invalidYoutube });
  const folder = await existingFolder(db, input.folder);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [row] = await tx
      .insert(mediaItems)
      .values({ kind: "video", name: input.title, fileType: "youtube/video", fileSize: 0, folder, youtubeId, uploadedBy: admin.userId })
      .returning();
    if (!row) throw new Error("media insert returned no row");
    await recordAudit(tx, admin, [{ action: "add-youtube", targetId: String(row.id), targetEmail: row.name, before: null, after: { name: row.name, url: youtubeEmbedUrl(youtubeId), folder: row.folder } }]);
    return toMediaItem(row);
  });
}

/** Rename, move, or mark an image public. Only images may be public: they are the only kind served directly. */
export async function updateMedia(db: Database, admin: Viewer, id: number, update: MediaUpdate): Promise<MediaItem> {
  const folder = update.folder === undefined ? undefined : await existingFolder(db, update.folder);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [before] = await tx.select().from(mediaItems).where(eq(mediaItems.id, id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", MEDIA_MESSAGES.notFound);
    if (update.isPublic && (before.kind !== "image" || !before.fileKey)) throw new AppError("VALIDATION_FAILED", "Only uploaded images can be public", { isPublic: "Only uploaded images can be public" });
    const [after] = await tx
      .update(mediaItems)
      .set({ ...update, ...(folder === undefined ? {} : { folder }), updatedAt: new Date() })
      .where(eq(mediaItems.id, id))
      .returning();
    if (!after) throw new AppError("NOT_FOUND", MEDIA_MESSAGES.notFound);
    const picked = (row: MediaRow) => ({ name: row.name, folder: row.folder, isPublic: row.isPublic });
    await recordAudit(tx, admin, [{ action: "update-media", targetId: String(id), targetEmail: after.name, before: picked(before), after: picked(after) }]);
    return toMediaItem(after);
  });
}

type Usage = MediaUsage["usages"][number];

/**
 * For each item, the resources and videos that link to its stored file and the course lessons that
 * use it (YouTube ones too), in that order.
 */
async function usagesOf(db: Database, items: Array<Pick<MediaRow, "id" | "fileKey">>): Promise<Map<number, Usage[]>> {
  const keys = items.map((item) => item.fileKey).filter((key): key is string => key !== null);
  const [usedByResources, usedByVideos, usedByLessons] = await Promise.all([
    keys.length ? db.select({ id: resources.id, title: resources.title, fileKey: resources.fileKey }).from(resources).where(inArray(resources.fileKey, keys)).orderBy(resources.id) : [],
    keys.length ? db.select({ id: mediaVideos.id, title: mediaVideos.fileName, fileKey: mediaVideos.fileKey }).from(mediaVideos).where(inArray(mediaVideos.fileKey, keys)).orderBy(mediaVideos.id) : [],
    lessonsUsingMedia(db, items.map((item) => item.id)),
  ]);
  return new Map(
    items.map((item) => [
      item.id,
      [
        ...usedByResources.filter((use) => item.fileKey !== null && use.fileKey === item.fileKey).map(({ id, title }) => ({ kind: "resource" as const, id, title })),
        ...usedByVideos.filter((use) => item.fileKey !== null && use.fileKey === item.fileKey).map(({ id, title }) => ({ kind: "video" as const, id, title })),
        ...usedByLessons.filter((use) => use.mediaItemId === item.id).map(({ id, title, course }) => ({ kind: "lesson" as const, id, title, course })),
      ],
    ]),
  );
}

/** Where one item is used, asked before it is deleted. */
export async function findMediaUsage(db: Database, id: number): Promise<MediaUsage> {
  const row = await findMedia(db, id);
  if (!row) throw new AppError("NOT_FOUND", MEDIA_MESSAGES.notFound);
  return { usages: (await usagesOf(db, [row])).get(id) ?? [] };
}

/** Where each of several items is used, asked before a bulk delete; ids of items already gone are left out. */
export async function findMediaUsages(db: Database, ids: number[]): Promise<MediaUsages> {
  const rows = await db.select({ id: mediaItems.id, fileKey: mediaItems.fileKey }).from(mediaItems).where(inArray(mediaItems.id, ids));
  const usages = await usagesOf(db, rows);
  return { items: rows.map((row) => ({ id: row.id, usages: usages.get(row.id) ?? [] })) };
}

/** What a delete left behind: the key of a stored file the store failed to remove, for the log. */
export interface MediaDeletion {
  orphanedFileKey: string | null;
  removalError?: unknown;
}

/**
 * Deletes the row with its audit entry, then the stored file. Content that linked to it keeps its
 * key and shows admins 'file missing'. A failed removal still counts as deleted (the row, and with it
 * every way to reach the file, is gone): it leaves an unreachable object, never a row without its file.
 */
export async function deleteMedia(deps: ContentDeps, admin: Viewer, id: number): Promise<MediaDeletion> {
  const removed = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [row] = await tx.delete(mediaItems).where(eq(mediaItems.id, id)).returning();
    if (!row) throw new AppError("NOT_FOUND", MEDIA_MESSAGES.notFound);
    await recordAudit(tx, admin, [{ action: "delete-media", targetId: String(id), targetEmail: row.name, before: { name: row.name, folder: row.folder, fileType: row.fileType }, after: null }]);
    return row;
  });
  if (!removed.fileKey) return { orphanedFileKey: null };
  try {
    await deps.files.remove(removed.fileKey);
    return { orphanedFileKey: null };
  } catch (removalError) {
    return { orphanedFileKey: removed.fileKey, removalError };
  }
}
