import { useState } from "react";
import { RefreshCw, Search, VideoOff } from "lucide-react";
import { CONTENT_MESSAGES } from "../../../common/content";
import type { TrainingVideo } from "../../../common/contracts/videos";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { FilterChips } from "../../components/ui/filter-chips";
import { useViewer } from "../../features/session/api";
import { useVideos } from "../../features/videos/api";
import { PremiumBanner } from "../../features/videos/components/premium-banner";
import { VideoCard } from "../../features/videos/components/video-card";
import { VideoPlayerDialog } from "../../features/videos/components/video-player-dialog";
import { filterVideos, videoFilters, type VideoFilter } from "../../features/videos/filters";

/** /members/training: search and level chips over the videos the viewer may watch; a video plays in a dialog. */
export default function TrainingPage() {
  const viewer = useViewer();
  const videos = useVideos();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<VideoFilter>("all-videos");
  const [playing, setPlaying] = useState<TrainingVideo | null>(null);

  // The list is emptied on failure (spec 000 §8); the chips then offer only All Videos.
  const all = videos.data?.videos ?? [];
  const filters = videoFilters(videos.data?.visibleLevels ?? []);
  const shown = filterVideos(all, filter, search);
  // The server's levels say whether paid videos are open to this viewer; before they arrive, the tier does.
  const isFreeViewer = videos.data
    ? !videos.data.visibleLevels.some((level) => level !== "all")
    : !viewer.data || (viewer.data.membershipTier === "free" && viewer.data.role !== "admin");

  return (
    <AppPage>
      <PageHeader
        eyebrow="Members area"
        title="Training Videos"
        description="Lessons from founders who have taken products to market: product development, manufacturing, marketing, funding and leadership."
      />
      {isFreeViewer && !viewer.isPending ? <PremiumBanner /> : null}

      <div className="grid gap-4">
        <div className="relative max-w-md">
          <Label htmlFor="video-search" className="sr-only">
            Search videos
          </Label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input
            id="video-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={CONTENT_MESSAGES.searchVideosPlaceholder}
            className="pl-9"
          />
        </div>
        <FilterChips label="Filter videos by access level" options={filters} value={filter} onChange={setFilter} />
      </div>

      {videos.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8 border-3" label="Loading videos" />
        </div>
      ) : videos.isError ? (
        <div className="grid justify-items-start gap-3">
          <Alert variant="error">{CONTENT_MESSAGES.videosFailed}</Alert>
          <Button variant="outline" size="sm" onClick={() => void videos.refetch()}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <EmptyState icon={VideoOff} title={CONTENT_MESSAGES.noVideosFound}>
          {all.length === 0 ? CONTENT_MESSAGES.noVideosYetHint : CONTENT_MESSAGES.noVideosFilteredHint}
        </EmptyState>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="video-grid">
          {shown.map((video) => (
            <li key={video.id}>
              <VideoCard video={video} onPlay={setPlaying} />
            </li>
          ))}
        </ul>
      )}

      <VideoPlayerDialog video={playing} onClose={() => setPlaying(null)} />
    </AppPage>
  );
}
