import { useState } from "react";
import { Video } from "lucide-react";
import { CONTENT_MESSAGES, VIDEO_CATEGORIES, VIDEO_CATEGORY_LABELS, type VideoCategory } from "../../../../common/content";
import type { AdminVideo } from "../../../../common/contracts/videos";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useAdminVideos, useVideoMutations } from "../api";
import { useNotice } from "../use-notice";
import { FilterChips } from "../../../components/ui/filter-chips";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { EditVideoDialog } from "./edit-video-dialog";
import { EditorCard } from "./editor-card";
import { LoadState } from "./load-state";
import { TabHeader } from "./tab-header";
import { VideoCard } from "./video-card";
import { VideoForm } from "./video-form";

type CategoryFilter = "all" | VideoCategory;

const FILTERS = [{ value: "all" as const, label: "All" }, ...VIDEO_CATEGORIES.map((category) => ({ value: category, label: VIDEO_CATEGORY_LABELS[category] }))];

/** Content Management → Training Videos: chips, the add form, the cards in the server's order; editing happens in a dialog. */
export function VideosTab() {
  const videos = useAdminVideos();
  const { remove } = useVideoMutations();
  const [category, setCategory] = useState<CategoryFilter>("all");
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminVideo | null>(null);
  const [pendingDelete, setPendingDelete] = useState<AdminVideo | null>(null);
  const [notice, showNotice] = useNotice();

  const shown = videos.data?.videos.filter((video) => category === "all" || video.category === category) ?? [];

  return (
    <div className="grid gap-6">
      <TabHeader
        title="Training Videos"
        description="YouTube videos or links to video files, each with the lowest tier that may watch it."
        action={
          adding ? null : (
            <Button onClick={() => setAdding(true)}>
              <Video aria-hidden />
              Add Video
            </Button>
          )
        }
      />
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {adding ? (
        <EditorCard title="New video">
          <VideoForm
            video={null}
            fallbackError="An error occurred while saving the video"
            onCancel={() => setAdding(false)}
            onSaved={(saved) => {
              showNotice(`Video “${saved.title}” added.`);
              setAdding(false);
            }}
          />
        </EditorCard>
      ) : null}
      <FilterChips label="Filter videos by category" options={FILTERS} value={category} onChange={setCategory} />
      <LoadState isPending={videos.isPending} isError={videos.isError} loadingLabel="Loading videos" errorMessage={CONTENT_MESSAGES.videosFailed} onRetry={() => videos.refetch()} />
      {videos.isSuccess ? (
        shown.length === 0 ? (
          <p className="rounded-lg border border-dashed border-navy-200 bg-surface px-4 py-10 text-center text-sm text-muted">{CONTENT_MESSAGES.noVideosInCategory}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Videos">
            {shown.map((video) => (
              <li key={video.id}>
                <VideoCard video={video} onEdit={() => setEditing(video)} onDelete={() => setPendingDelete(video)} />
              </li>
            ))}
          </ul>
        )
      ) : null}
      <EditVideoDialog video={editing} onClose={(videoId) => setEditing((current) => (current?.id === videoId ? null : current))} />
      <ConfirmDeleteDialog
        target={pendingDelete}
        message={CONTENT_MESSAGES.confirmDeleteVideo}
        onClose={() => setPendingDelete(null)}
        onConfirm={(id) => remove.mutateAsync(id)}
        onDeleted={(title) => showNotice(`Video “${title}” deleted.`)}
      />
    </div>
  );
}
