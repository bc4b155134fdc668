import type { z } from "zod";
import { CONTENT_MESSAGES, extractYoutubeId, requiredMessage } from "../../../common/content";
import type { VideoInputSchema } from "../../../common/contracts/videos";
import { AppError } from "../../errors";
import type { mediaVideos } from "./videos.table";

export type VideoInput = z.output<typeof VideoInputSchema>;
type VideoValues = Partial<typeof mediaVideos.$inferInsert>;

/** The served type of an admin-entered video address, from its extension (spec 001 §5 video types). */
export function videoTypeOf(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname : "";
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (extension === "webm") return "video/webm";
  if (extension === "ogg" || extension === "ogv") return "video/ogg";
  return "video/mp4";
}

/** What the row already holds when an edit arrives; null when creating. */
export interface CurrentVideoFile {
  isYoutube: boolean;
  fileKey: string | null;
  url: string | null;
}

/**
 * The media_videos columns an admin's input sets. A YouTube video is stored the way spec 001 §7
 * inserts one (file type youtube/video, size 0, the given URL and the extracted id). A file video
 * takes its address and type from the URL; without one, an edit keeps the video's current file.
 */
export function videoValues(input: VideoInput, current: CurrentVideoFile | null, today: string): VideoValues {
  const shared = {
    fileName: input.title,
    description: input.description,
    category: input.category,
    accessLevel: input.accessLevel,
    featured: input.featured,
  };
  if (input.source === "youtube") {
    const youtubeId = extractYoutubeId(input.youtubeUrl);
    if (!youtubeId) throw new AppError("VALIDATION_FAILED", CONTENT_MESSAGES.invalidYoutubeUrl, { youtubeUrl: CONTENT_MESSAGES.invalidYoutubeUrl });
    return {
      ...shared,
      isYoutube: true,
      youtubeId,
      url: input.youtubeUrl.trim(),
      fileKey: null,
      fileType: "youtube/video",
      fileSize: 0,
      duration: null,
      thumbnailUrl: null,
      ...(input.releaseDate || !current ? { releaseDate: input.releaseDate ?? today } : {}),
    };
  }
  const file = {
    ...shared,
    isYoutube: false,
    youtubeId: null,
    duration: input.duration,
    releaseDate: input.releaseDate,
    thumbnailUrl: input.thumbnailUrl || null,
  };
  if (input.fileUrl) return { ...file, url: input.fileUrl, fileKey: null, fileType: videoTypeOf(input.fileUrl), fileSize: 0 };
  const keepsFile = current !== null && !current.isYoutube && (current.fileKey !== null || current.url !== null);
  if (!keepsFile) throw new AppError("VALIDATION_FAILED", requiredMessage("Video URL"), { fileUrl: requiredMessage("Video URL") });
  return file;
}
