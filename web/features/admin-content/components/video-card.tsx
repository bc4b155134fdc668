import { useState } from "react";
import { Clock, Film, Star } from "lucide-react";
import { ACCESS_LEVEL_LABELS, CONTENT_MESSAGES, VIDEO_CATEGORY_LABELS, youtubeThumbnailUrl } from "../../../../common/content";
import type { AdminVideo } from "../../../../common/contracts/videos";
import { Badge } from "../../../components/ui/badge";
import { formatCalendarDay } from "../format";
import { ItemActions } from "./item-actions";

/** The server's thumbnail, else the video host's image for a YouTube id (spec 000 §3). */
function thumbnailOf(video: AdminVideo): string | null {
  return video.thumbnailUrl ?? (video.youtubeId ? youtubeThumbnailUrl(video.youtubeId) : null);
}

function Thumbnail({ video }: { video: AdminVideo }) {
  const source = thumbnailOf(video);
  // A thumbnail that fails to load shows the same placeholder as none at all.
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const duration = video.isYoutube ? CONTENT_MESSAGES.youtubeDuration : (video.duration ?? CONTENT_MESSAGES.unknownDuration);
  return (
    <div className="relative aspect-video overflow-hidden rounded-t-xl bg-navy-900">
      {source && failedSource !== source ? (
        <img src={source} alt="" loading="lazy" decoding="async" className="size-full object-cover" onError={() => setFailedSource(source)} />
      ) : (
        <div className="flex size-full items-center justify-center text-navy-300">
          <Film className="size-10" aria-hidden />
        </div>
      )}
      <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-md bg-navy-950/80 px-2 py-0.5 text-xs font-medium text-white">
        <Clock className="size-3" aria-hidden />
        <span className="sr-only">Duration:</span>
        {duration}
      </span>
    </div>
  );
}

type VideoCardProps = { video: AdminVideo; onEdit: () => void; onDelete: () => void };

/** One training video in the admin grid: thumbnail with duration, who may watch, and Edit and Delete. */
export function VideoCard({ video, onEdit, onDelete }: VideoCardProps) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-surface shadow-card wrap-anywhere" data-testid="admin-video">
      <Thumbnail video={video} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="flex flex-wrap gap-2">
            {video.featured ? (
              <Badge variant="accent">
                <Star className="size-3 fill-current" aria-hidden />
                Featured
              </Badge>
            ) : null}
            <Badge variant={video.accessLevel === "brand-ceo" ? "admin" : "neutral"}>{ACCESS_LEVEL_LABELS[video.accessLevel]}</Badge>
          </div>
          <ItemActions title={video.title} onEdit={onEdit} onDelete={onDelete} />
        </div>
        <h4 className="text-base font-semibold text-ink">{video.title}</h4>
        <p className="line-clamp-2 text-sm text-muted">{video.description}</p>
        {video.fileMissing ? <p className="text-sm font-medium text-danger">File missing: it was deleted from the media library</p> : null}
        <p className="mt-auto text-xs font-medium tracking-wide text-muted uppercase">{`${VIDEO_CATEGORY_LABELS[video.category]} · ${formatCalendarDay(video.releaseDate)}`}</p>
      </div>
    </article>
  );
}
