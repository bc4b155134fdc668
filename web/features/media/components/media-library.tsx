import { FolderPlus, Images, Trash2, MonitorPlay } from "lucide-react";
import { useState } from "react";
import { MEDIA_MESSAGES, type MediaItem } from "../../../../common/contracts/media";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadState } from "../../admin-content/components/load-state";
import { useMediaFolders, useMediaMutations, useMediaPage } from "../api";
import { useMediaFilter } from "../use-media-filter";
import { DeleteMediaDialog } from "./delete-media-dialog";
import { MediaCard } from "./media-card";
import { MediaFilters } from "./media-filters";
import { MediaPager } from "./media-pager";
import { NewFolderDialog } from "./new-folder-dialog";
import { UploadPanel } from "./upload-panel";
import { YoutubeDialog } from "./youtube-dialog";

/** The media library (spec 001 §2.6 tab 5): /admin/media and the Media Library tab of /admin/content. */
export function MediaLibrary() {
  const filters = useMediaFilter();
  const page = useMediaPage(filters.filter);
  const folders = useMediaFolders().data?.folders ?? ["general"];
  const mutations = useMediaMutations();
  const [uploadFolder, setUploadFolder] = useState("general");
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deleting, setDeleting] = useState<MediaItem[]>([]);
  const [dialog, setDialog] = useState<"folder" | "youtube" | null>(null);

  const items = page.data?.items ?? [];
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectedItems = items.filter((item) => selected.has(item.id));

  return (
    <div className="grid min-w-0 gap-6">
      <UploadPanel folder={uploadFolder} folders={folders} onFolderChange={setUploadFolder} onUploaded={() => void mutations.refresh()} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setDialog("folder")}>
          <FolderPlus />
          New Folder
        </Button>
        <Button variant="outline" onClick={() => setDialog("youtube")}>
          <MonitorPlay />
          Add YouTube Video
        </Button>
        {selectedItems.length > 0 ? (
          <Button variant="danger" onClick={() => setDeleting(selectedItems)}>
            <Trash2 />
            {`Delete Selected (${selectedItems.length})`}
          </Button>
        ) : null}
      </div>
      <MediaFilters
        kind={filters.kind}
        onKindChange={filters.setKind}
        folder={filters.folder}
        folders={folders}
        onFolderChange={filters.setFolder}
        search={filters.search}
        onSearchChange={filters.setSearch}
      />
      <LoadState isPending={page.isPending} isError={page.isError} loadingLabel="Loading media" errorMessage={MEDIA_MESSAGES.loadFailed} onRetry={() => void page.refetch()} />
      {page.isSuccess && items.length === 0 ? (
        <EmptyState icon={Images} title={MEDIA_MESSAGES.empty}>
          {filters.kind === "all" && filters.folder === "all" && !filters.search.trim() ? "Upload images, videos or documents to start the library." : "Try another search, type or folder."}
        </EmptyState>
      ) : null}
      {items.length > 0 ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Media items">
          {items.map((item) => (
            <li key={item.id} className="min-w-0">
              <MediaCard
                item={item}
                folders={folders}
                selected={selected.has(item.id)}
                onSelect={(on) => toggle(item.id, on)}
                onUpdate={(update) => mutations.update.mutateAsync({ id: item.id, update })}
                onDelete={() => setDeleting([item])}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {page.data ? <MediaPager page={page.data.page} pageSize={page.data.pageSize} total={page.data.total} onPageChange={filters.setPage} /> : null}
      <DeleteMediaDialog
        items={deleting}
        onClose={() => setDeleting([])}
        onDelete={(id) => mutations.remove.mutateAsync(id)}
        onDeleted={(ids) => setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))))}
      />
      <NewFolderDialog open={dialog === "folder"} folders={folders} onClose={() => setDialog(null)} onCreate={(name) => mutations.createFolder.mutateAsync(name)} />
      <YoutubeDialog open={dialog === "youtube"} folder={uploadFolder} onClose={() => setDialog(null)} onAdd={(input) => mutations.addYoutube.mutateAsync(input)} />
    </div>
  );
}
