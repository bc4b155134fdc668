import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { ALLOWED_UPLOADS, type MediaKind } from "../../../common/contracts/media";
import type { Database } from "../../db/client";
import type { FileStore } from "../../files/file-store";
import { resources } from "../resources/resources.table";
import { mediaVideos } from "../videos/videos.table";
import { mediaItems } from "./media.table";

/** The library folders that hold the files of resources and of training videos. */
export const CONTENT_FOLDERS = { resources: "resources", videos: "videos" } as const;

interface ServedFile {
  fileKey: string;
  name: string;
  fileType: string;
  folder: string;
}

/** The kind the upload allow-list gives a type; types it does not list fall back on their family. */
function kindOfType(fileType: string): MediaKind {
  const listed = Object.values(ALLOWED_UPLOADS).find((upload) => upload.type === fileType);
  if (listed) return listed.kind;
  if (fileType.startsWith("image/")) return "image";
  return fileType.startsWith("video/") ? "video" : "document";
}

/**
 * Files the product serves that the library does not list: resource and training-video files stored
 * before the library owned every file (an install seeded or filled before then). Each becomes a
 * library item in its content's folder, sized from the store; a file the store no longer holds is
 * left out. Safe to run at every start and on several instances at once (`file_key` is unique).
 * Answers how many files it added.
 */
export async function adoptServedFiles(db: Database, files: FileStore): Promise<number> {
  const unlistedResources = await db
    .select({ fileKey: resources.fileKey, name: resources.fileName, title: resources.title, fileType: resources.fileType })
    .from(resources)
    .leftJoin(mediaItems, eq(mediaItems.fileKey, resources.fileKey))
    .where(and(isNotNull(resources.fileKey), isNull(mediaItems.id)));
  const unlistedVideos = await db
    .select({ fileKey: mediaVideos.fileKey, name: mediaVideos.fileName, fileType: mediaVideos.fileType })
    .from(mediaVideos)
    .leftJoin(mediaItems, eq(mediaItems.fileKey, mediaVideos.fileKey))
    .where(and(isNotNull(mediaVideos.fileKey), isNull(mediaItems.id)));
  const served: ServedFile[] = [
    ...unlistedResources.map((row) => ({ fileKey: row.fileKey ?? "", name: row.name ?? row.title, fileType: row.fileType ?? "application/octet-stream", folder: CONTENT_FOLDERS.resources })),
    ...unlistedVideos.map((row) => ({ fileKey: row.fileKey ?? "", name: row.name, fileType: row.fileType, folder: CONTENT_FOLDERS.videos })),
  ];
  let added = 0;
  for (const file of served) {
    const stored = await files.stat(file.fileKey);
    if (!stored) continue;
    const inserted = await db
      .insert(mediaItems)
      .values({ kind: kindOfType(file.fileType), name: file.name, fileKey: file.fileKey, fileType: file.fileType, fileSize: stored.size, folder: file.folder })
      .onConflictDoNothing()
      .returning({ id: mediaItems.id });
    added += inserted.length;
  }
  return added;
}
