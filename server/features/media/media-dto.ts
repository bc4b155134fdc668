import type { MediaItem } from "../../../common/contracts/media";
import type { mediaItems } from "./media.table";

export type MediaRow = typeof mediaItems.$inferSelect;

/** Public images are served from here to anyone, with long cache headers. */
export const PUBLIC_MEDIA_PREFIX = "/media/";

const youtubeThumbnail = (id: string) => `https://img.youtube.com/vi/${id}/maxresdefault.jpg`;
export const youtubeEmbedUrl = (id: string) => `https://www.youtube.com/embed/${id}`;

/** The stored name after the folder: what the public address carries. */
export const publicName = (fileKey: string) => fileKey.slice(fileKey.indexOf("/") + 1);

function addressOf(row: MediaRow): string {
  if (row.youtubeId) return youtubeEmbedUrl(row.youtubeId);
  if (row.isPublic && row.fileKey) return `${PUBLIC_MEDIA_PREFIX}${publicName(row.fileKey)}`;
  return `/api/admin/media/${row.id}/file`;
}

export function toMediaItem(row: MediaRow): MediaItem {
  const url = addressOf(row);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url,
    thumbnailUrl: row.youtubeId ? youtubeThumbnail(row.youtubeId) : row.kind === "image" ? url : null,
    fileType: row.fileType,
    size: row.fileSize,
    width: row.width,
    height: row.height,
    pageCount: row.pageCount,
    folder: row.folder,
    isYoutube: row.youtubeId !== null,
    youtubeId: row.youtubeId,
    isPublic: row.isPublic,
    uploadedAt: row.createdAt.toISOString(),
  };
}
