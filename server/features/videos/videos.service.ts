import { desc, eq, inArray } from "drizzle-orm";
import { youtubeEmbedUrl, youtubeThumbnailUrl, type ContentLevel } from "../../../common/content";
import type { AdminVideo, TrainingVideo, VideosResponse } from "../../../common/contracts/videos";
import type { Viewer } from "../../auth/viewer";
import { AppError } from "../../errors";
import { videoLevelsFor, type ContentViewer } from "../content/access.policy";
import type { ContentDeps } from "../content/content-deps";
import { findLinkedFileFor, isLibraryFileKey } from "../media/media-link";
import { mediaItems } from "../media/media.table";
import { videoValues, type VideoInput } from "./video-values";
import { mediaVideos } from "./videos.table";

type VideoRow = typeof mediaVideos.$inferSelect;

const NOT_FOUND = "Video not found";

const hasFile = (row: VideoRow) => !row.isYoutube && (row.fileKey !== null || row.url !== null);

/** `file_name` is both title and description in the spec's table (001 §3), so an empty description shows the title. */
function toVideo(deps: ContentDeps, row: VideoRow, viewerId: string | null): TrainingVideo {
  const youtubeId = row.isYoutube ? row.youtubeId : null;
  return {
    id: row.id,
    title: row.fileName,
    description: row.description.trim() === "" ? row.fileName : row.description,
    duration: row.isYoutube ? null : row.duration,
    releaseDate: row.releaseDate,
    category: row.category,
    accessLevel: row.accessLevel,
    featured: row.featured,
    isYoutube: row.isYoutube,
    youtubeId,
    thumbnailUrl: row.thumbnailUrl ?? (youtubeId ? youtubeThumbnailUrl(youtubeId) : null),
    playbackUrl: youtubeId ? youtubeEmbedUrl(youtubeId) : hasFile(row) ? `/api/videos/${row.id}/stream?${deps.fileLinks.sign("video", row.id, viewerId)}` : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const toAdminVideo = (deps: ContentDeps, row: VideoRow, adminId: string, missingKeys: ReadonlySet<string>): AdminVideo => ({
  ...toVideo(deps, row, adminId),
  fileUrl: row.url,
  fileMissing: row.fileKey !== null && missingKeys.has(row.fileKey),
});

/** The library files among these rows' keys that were deleted from the library. */
async function missingLibraryKeys(deps: ContentDeps, rows: VideoRow[]): Promise<Set<string>> {
  const keys = rows.map((row) => row.fileKey).filter((key): key is string => isLibraryFileKey(key));
  if (keys.length === 0) return new Set();
  const present = await deps.db.select({ fileKey: mediaItems.fileKey }).from(mediaItems).where(inArray(mediaItems.fileKey, keys));
  const found = new Set(present.map((row) => row.fileKey));
  return new Set(keys.filter((key) => !found.has(key)));
}

/**
 * Newest release first, featured or not: spec 000 §7 and 001 §7 read media_videos "newest first";
 * 001 §4's "featured first" described the old browser-only sample list, which this table replaced.
 */
const selectVideos = (deps: ContentDeps, levels: ContentLevel[]) =>
  deps.db
    .select()
    .from(mediaVideos)
    .where(inArray(mediaVideos.accessLevel, levels))
    .orderBy(desc(mediaVideos.releaseDate), desc(mediaVideos.id));

/** Only the levels the viewer may see, filtered in the query. */
export async function listVideos(deps: ContentDeps, viewer: Viewer | null): Promise<VideosResponse> {
  const visibleLevels = videoLevelsFor(viewer);
  const rows = await selectVideos(deps, visibleLevels);
  return { videos: rows.map((row) => toVideo(deps, row, viewer?.userId ?? null)), visibleLevels };
}

export async function findVideo(deps: ContentDeps, id: number): Promise<VideoRow | null> {
  const [row] = await deps.db.select().from(mediaVideos).where(eq(mediaVideos.id, id));
  return row ?? null;
}

export const seesVideo = (viewer: ContentViewer, row: VideoRow): boolean => videoLevelsFor(viewer).includes(row.accessLevel);

export async function readVideo(deps: ContentDeps, viewer: Viewer | null, id: number): Promise<TrainingVideo> {
  const row = await findVideo(deps, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (!seesVideo(viewer, row)) throw new AppError("FORBIDDEN", "Upgrade your membership to watch this video");
  return toVideo(deps, row, viewer?.userId ?? null);
}

export async function listAdminVideos(deps: ContentDeps, admin: Viewer): Promise<AdminVideo[]> {
  const rows = await selectVideos(deps, videoLevelsFor(admin));
  const missingKeys = await missingLibraryKeys(deps, rows);
  return rows.map((row) => toAdminVideo(deps, row, admin.userId, missingKeys));
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The library video a file video's address names (a library file of another kind is refused), after
 * checking that a thumbnail naming a library file names an image.
 */
async function linkedFilesOf(deps: ContentDeps, input: VideoInput) {
  if (input.source !== "file") return null;
  await findLinkedFileFor(deps.db, input.thumbnailUrl, "thumbnail", "thumbnailUrl");
  return findLinkedFileFor(deps.db, input.fileUrl, "video", "fileUrl");
}

/** A file video whose address names a library item plays that item's stored file. */
async function withLinkedFile(deps: ContentDeps, input: VideoInput, values: ReturnType<typeof videoValues>) {
  const linked = await linkedFilesOf(deps, input);
  return linked ? { ...values, url: null, fileKey: linked.fileKey, fileType: linked.fileType, fileSize: linked.fileSize } : values;
}

export async function createVideo(deps: ContentDeps, admin: Viewer, input: VideoInput): Promise<AdminVideo> {
  const values = await withLinkedFile(deps, input, videoValues(input, null, today()));
  const [row] = await deps.db
    .insert(mediaVideos)
    // A new video always gets its type from its source; the fallback is the spec's default type.
    .values({ ...values, fileName: input.title, fileType: values.fileType ?? "video/mp4", uploadedBy: admin.userId })
    .returning();
  if (!row) throw new Error("video insert returned no row");
  return toAdminVideo(deps, row, admin.userId, await missingLibraryKeys(deps, [row]));
}

/** Updates a video; a stored file the edit replaces (by a new address or a switch to YouTube) is removed after the commit. */
export async function updateVideo(deps: ContentDeps, admin: Viewer, id: number, input: VideoInput): Promise<AdminVideo> {
  const linked = await linkedFilesOf(deps, input);
  const { row, orphanKey } = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isYoutube: mediaVideos.isYoutube, fileKey: mediaVideos.fileKey, url: mediaVideos.url })
      .from(mediaVideos)
      .where(eq(mediaVideos.id, id))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND", NOT_FOUND);
    const values = { ...videoValues(input, before, today()), ...(linked ? { url: null, fileKey: linked.fileKey, fileType: linked.fileType, fileSize: linked.fileSize } : {}) };
    const [after] = await tx
      .update(mediaVideos)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(mediaVideos.id, id))
      .returning();
    const replaced = before.fileKey !== null && after?.fileKey !== before.fileKey;
    return { row: after, orphanKey: replaced && !isLibraryFileKey(before.fileKey) ? before.fileKey : null };
  });
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (orphanKey) await deps.files.remove(orphanKey);
  return toAdminVideo(deps, row, admin.userId, await missingLibraryKeys(deps, [row]));
}

/** Deletes the row, then its own stored file (a library file stays in the library). */
export async function deleteVideo(deps: ContentDeps, id: number): Promise<void> {
  const [row] = await deps.db.delete(mediaVideos).where(eq(mediaVideos.id, id)).returning({ fileKey: mediaVideos.fileKey });
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (row.fileKey && !isLibraryFileKey(row.fileKey)) await deps.files.remove(row.fileKey);
}
