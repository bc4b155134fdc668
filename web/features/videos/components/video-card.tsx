import { useState } from "react";
import { Clock, Play, Star, Video } from "lucide-react";
import { ACCESS_LEVEL_LABELS } from "../../../../common/content";
import type { TrainingVideo } from "../../../../common/contracts/videos";
import { Badge } from "../../../components/ui/badge";
import { videoDuration, videoThumbnail } from "../format";

type VideoCardProps = { video: TrainingVideo; onPlay: (video: TrainingVideo) => void };

/** A video in the grid: thumbnail, level badge, length, title and description; the whole card plays it. */
export function VideoCard({ video, onPlay }: VideoCardProps) {
  const [failedThumbnail, setFailedThumbnail] = useState<string | null>(null);
  const candidate = videoThumbnail(video);
  // A thumbnail that fails to load (a removed video, no network) falls back to the placeholder.
  const thumbnail = candidate !== failedThumbnail ? candidate : null;
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-card wrap-anywhere transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-pop"
      data-testid="video-card"
    >
      <div className="relative aspect-video bg-navy-900">
        {thumbnail ? (
          <img src={thumbnail} alt="" width={640} height={360} loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover" onError={() => setFailedThumbnail(candidate)} />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-navy-300">
            <Video className="size-10" aria-hidden />
          </span>
        )}
        <span className="absolute inset-0 flex items-center justify-center bg-navy-950/20 transition-colors group-hover:bg-navy-950/35">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground shadow-pop transition-transform group-hover:scale-105">
            <Play className="ml-0.5 size-6 fill-current" aria-hidden />
          </span>
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={video.accessLevel === "brand-ceo" ? "admin" : video.accessLevel === "all" ? "success" : "neutral"}>{ACCESS_LEVEL_LABELS[video.accessLevel]}</Badge>
          {video.featured ? (
            <Badge variant="accent">
              <Star className="size-3 fill-current" aria-hidden />
              Featured
            </Badge>
          ) : null}
        </div>
        <h3 className="mt-3 text-base leading-snug font-semibold text-ink">
          <button type="button" onClick={() => onPlay(video)} className="text-left after:absolute after:inset-0 focus-visible:outline-none">
            <span className="sr-only">Play video: </span>
            {video.title}
          </button>
        </h3>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-muted">{video.description}</p>
        <p className="mt-auto flex items-center gap-1.5 pt-4 text-sm text-muted">
          <Clock className="size-4" aria-hidden />
          <span className="sr-only">Duration: </span>
          {videoDuration(video)}
        </p>
      </div>
    </article>
  );
}
