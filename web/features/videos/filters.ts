import { ACCESS_LEVEL_LABELS, type ContentLevel } from "../../../common/content";
import type { TrainingVideo } from "../../../common/contracts/videos";

/** A chip: every video, or those of one access level. */
export type VideoFilter = "all-videos" | Exclude<ContentLevel, "all">;

/**
 * "All Videos" first, then a chip per paid level the viewer may see (spec 000 §6: a free member
 * gets only All Videos). Level `all` has no chip of its own: All Videos already shows it.
 */
export function videoFilters(visibleLevels: readonly ContentLevel[]): { value: VideoFilter; label: string }[] {
  const levels = visibleLevels.filter((level): level is Exclude<ContentLevel, "all"> => level !== "all");
  return [{ value: "all-videos", label: "All Videos" }, ...levels.map((level) => ({ value: level, label: ACCESS_LEVEL_LABELS[level] }))];
}

/** Case-insensitive substring match on title or description (spec 000 §5), within the chosen level. */
export function filterVideos(videos: readonly TrainingVideo[], filter: VideoFilter, search: string): TrainingVideo[] {
  const needle = search.trim().toLowerCase();
  return videos.filter(
    (video) =>
      (filter === "all-videos" || video.accessLevel === filter) &&
      (needle === "" || video.title.toLowerCase().includes(needle) || video.description.toLowerCase().includes(needle)),
  );
}
