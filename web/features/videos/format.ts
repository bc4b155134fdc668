import { CONTENT_MESSAGES, youtubeThumbnailUrl } from "../../../common/content";
import type { TrainingVideo } from "../../../common/contracts/videos";

/** "YouTube Video" for YouTube, else the entered length, else "Unknown" (spec 000 §3, 001 §9). */
export function videoDuration(video: TrainingVideo): string {
  if (video.isYoutube) return CONTENT_MESSAGES.youtubeDuration;
  return video.duration?.trim() || CONTENT_MESSAGES.unknownDuration;
}

/** The server's thumbnail, else the video host's image built from the YouTube id (spec 000 §3). */
export function videoThumbnail(video: TrainingVideo): string | null {
  return video.thumbnailUrl ?? (video.youtubeId ? youtubeThumbnailUrl(video.youtubeId) : null);
}
