import { Images } from "lucide-react";
import { useState } from "react";
import { formatFileSize, MEDIA_MESSAGES, type MediaItem, type MediaKind } from "../../../../common/contracts/media";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { cn } from "../../../lib/cn";
import { LoadState } from "../../admin-content/components/load-state";
import { useMediaFolders, useMediaPage } from "../api";
import { formatLongDate } from "../format";
import { useMediaFilter } from "../use-media-filter";
import { MediaFilters } from "./media-filters";
import { MediaPager } from "./media-pager";
import { MediaThumbnail } from "./media-thumbnail";

type MediaPickerDialogProps = {
  open: boolean;
  /** Only these kinds are offered (a file video takes videos: `FILE_FIELD_KINDS`). */
  kinds: readonly MediaKind[];
  /** Only stored files, no YouTube videos: for a field that links to a file. */
  storedOnly?: boolean;
  onClose: () => void;
  onSelect: (item: MediaItem) => void;
};

const KIND_NAMES: Record<MediaKind, string> = { image: "images", video: "videos", document: "documents" };

/** Picks one stored file from the library (spec 001 §2.6): search, folder chips, a grid, Cancel and Select. */
export function MediaPickerDialog({ open, kinds, storedOnly = false, onClose, onSelect }: MediaPickerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-4xl">{open ? <PickerBody kinds={kinds} storedOnly={storedOnly} onClose={onClose} onSelect={onSelect} /> : null}</DialogContent>
    </Dialog>
  );
}

function PickerBody({ kinds, storedOnly, onClose, onSelect }: Omit<MediaPickerDialogProps, "open">) {
  const filters = useMediaFilter();
  const page = useMediaPage(filters.filter, { kinds, storedOnly });
  const folders = useMediaFolders().data?.folders ?? [];
  const [chosen, setChosen] = useState<MediaItem | null>(null);
  const items = page.data?.items ?? [];
  const offered = kinds.map((kind) => KIND_NAMES[kind]).join(" and ");

  return (
    <div className="grid min-w-0 gap-4">
      <DialogTitle>Select Media</DialogTitle>
      <DialogDescription>{`Choose a file from the media library. This field takes ${offered}${storedOnly && kinds.includes("video") ? " (uploaded files, not YouTube)" : ""}.`}</DialogDescription>
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
              {/* Folder, size and date tell apart two files of the same name. */}
              <span className="grid text-xs text-muted" data-testid="media-option-details">
                <span>{`Folder: ${item.folder}`}</span>
                <span>{item.isYoutube ? "YouTube Video" : formatFileSize(item.size)}</span>
                <span>{formatLongDate(item.uploadedAt)}</span>
              </span>
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
