import { ACCESS_LEVEL_LABELS, youtubeThumbnailUrl } from "../../../../common/content";
import type { TrainingVideo } from "../../../../common/contracts/videos";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { VideoEmbed } from "../../../components/ui/video-embed";
import { videoDuration, videoThumbnail } from "../format";
import { VIDEO_PAGE_MESSAGES } from "../messages";

function Player({ video }: { video: TrainingVideo }) {
  if (video.isYoutube && video.youtubeId) {
    return <VideoEmbed youtubeId={video.youtubeId} title={video.title} poster={video.thumbnailUrl ?? youtubeThumbnailUrl(video.youtubeId)} />;
  }
  const thumbnail = videoThumbnail(video);
  if (!video.playbackUrl) return <Alert variant="error">{VIDEO_PAGE_MESSAGES.unavailable}</Alert>;
  return (
    // Training files carry no caption track; the title and description above say what the video covers.
    <video controls preload="metadata" src={video.playbackUrl} poster={thumbnail ?? undefined} className="aspect-video w-full rounded-xl bg-navy-950" data-testid="video-file-player">
      <a href={video.playbackUrl}>{VIDEO_PAGE_MESSAGES.downloadInstead}</a>
    </video>
  );
}

type VideoPlayerDialogProps = { video: TrainingVideo | null; onClose: () => void };

/** Plays the chosen video in a dialog: YouTube through the lazy embed, a file in the browser's player. */
export function VideoPlayerDialog({ video, onClose }: VideoPlayerDialogProps) {
  return (
    <Dialog open={video !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {video ? (
        <DialogContent className="max-w-3xl p-4 sm:p-6">
          <DialogHeader className="mb-4 wrap-anywhere">
            <div className="flex flex-wrap items-center gap-2">
              <Badge>{ACCESS_LEVEL_LABELS[video.accessLevel]}</Badge>
              <span className="text-xs text-muted">{videoDuration(video)}</span>
            </div>
            <DialogTitle>{video.title}</DialogTitle>
            <DialogDescription className="whitespace-pre-line">{video.description}</DialogDescription>
          </DialogHeader>
          <Player video={video} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
