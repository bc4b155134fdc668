import { Images } from "lucide-react";
import { useState } from "react";
import { MEDIA_MESSAGES, type MediaItem, type MediaKind } from "../../../../common/contracts/media";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { cn } from "../../../lib/cn";
import { LoadState } from "../../admin-content/components/load-state";
import { useMediaFolders, useMediaPage } from "../api";
import { useMediaFilter } from "../use-media-filter";
import { MediaFilters } from "./media-filters";
import { MediaPager } from "./media-pager";
import { MediaThumbnail } from "./media-thumbnail";

type MediaPickerDialogProps = {
  open: boolean;
  /** Only this kind is offered (a file video takes a video); all kinds otherwise. */
  kind?: MediaKind;
  onClose: () => void;
  onSelect: (item: MediaItem) => void;
};

/** Picks one stored file from the library (spec 001 §2.6): search, folder chips, a grid, Cancel and Select. */
export function MediaPickerDialog({ open, kind, onClose, onSelect }: MediaPickerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-4xl">{open ? <PickerBody kind={kind} onClose={onClose} onSelect={onSelect} /> : null}</DialogContent>
    </Dialog>
  );
}

function PickerBody({ kind, onClose, onSelect }: Omit<MediaPickerDialogProps, "open">) {
  const filters = useMediaFilter();
  const page = useMediaPage({ ...filters.filter, kind: kind ?? filters.filter.kind });
  const folders = useMediaFolders().data?.folders ?? [];
  const [chosen, setChosen] = useState<MediaItem | null>(null);
  // A YouTube video has no stored file to link to.
  const items = (page.data?.items ?? []).filter((item) => !item.isYoutube);

  return (
    <div className="grid min-w-0 gap-4">
      <DialogTitle>Select Media</DialogTitle>
      <DialogDescription>Choose a file from the media library.</DialogDescription>
      <MediaFilters folder={filters.folder} folders={folders} onFolderChange={filters.setFolder} search={filters.search} onSearchChange={filters.setSearch} />
      <LoadState isPending={page.isPending} isError={page.isError} loadingLabel="Loading media" errorMessage={MEDIA_MESSAGES.loadFailed} onRetry={() => void page.refetch()} />
      {page.isSuccess && items.length === 0 ? <EmptyState icon={Images} title={MEDIA_MESSAGES.empty} /> : null}
      {items.length > 0 ? (
        <div role="listbox" aria-label="Media to choose from" className="grid max-h-[50vh] grid-cols-2 gap-3 overflow-y-auto p-1 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((item) => (
            <button
              key={item.id}
              type="button"
              role="option"
              aria-selected={chosen?.id === item.id}
              onClick={() => setChosen(item)}
              onDoubleClick={() => onSelect(item)}
              className={cn("grid min-w-0 gap-2 rounded-lg border border-border p-2 text-left wrap-anywhere hover:bg-navy-50", chosen?.id === item.id && "ring-2 ring-primary")}
            >
              <MediaThumbnail item={item} />
              <span className="text-sm font-medium text-ink">{item.name}</span>
            </button>
          ))}
        </div>
      ) : null}
      {page.data ? <MediaPager page={page.data.page} pageSize={page.data.pageSize} total={page.data.total} onPageChange={filters.setPage} /> : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={!chosen} onClick={() => chosen && onSelect(chosen)}>
          Select
        </Button>
      </div>
    </div>
  );
}
