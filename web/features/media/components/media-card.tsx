import { Check, Copy, Pencil, Trash2, X } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { formatFileSize, MEDIA_MESSAGES, type MediaItem, type MediaUpdate } from "../../../../common/contracts/media";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { absoluteUrl, formatLongDate } from "../format";
import { MediaThumbnail } from "./media-thumbnail";

/** Spec 001 §9: the copied notice shows for 2 s. */
const COPIED_MS = 2000;

type MediaCardProps = {
  item: MediaItem;
  folders: string[];
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onUpdate: (update: MediaUpdate) => Promise<unknown>;
  onDelete: () => void;
};

/** One item of the grid: select, rename in place, move, copy its address, delete. */
export function MediaCard({ item, folders, selected, onSelect, onUpdate, onDelete }: MediaCardProps) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(item.name);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function save(update: MediaUpdate) {
    setError(null);
    try {
      await onUpdate(update);
      setRenaming(false);
    } catch (failure) {
      // A refusal (say, a folder that no longer exists) says why; anything else asks to try again.
      setError(failure instanceof ApiError && failure.status === 400 ? failure.message : MEDIA_MESSAGES.updateFailed);
    }
  }

  function submitName(event: FormEvent) {
    event.preventDefault();
    if (name.trim() && name.trim() !== item.name) void save({ name: name.trim() });
    else setRenaming(false);
  }

  async function copy() {
    await navigator.clipboard.writeText(absoluteUrl(item.url));
    setCopied(true);
  }

  const kindLabel = item.isYoutube ? "YouTube" : item.kind;
  return (
    <Card className={cn("grid min-w-0 gap-3 p-3 wrap-anywhere", selected && "ring-2 ring-primary")} data-testid="media-card">
      <label className="flex items-center gap-2 text-sm text-muted">
        <input type="checkbox" checked={selected} onChange={(event) => onSelect(event.target.checked)} aria-label={`Select ${item.name}`} />
        <Badge className="capitalize">
          {kindLabel}
        </Badge>
        {item.isPublic ? <Badge variant="success">Public</Badge> : null}
      </label>
      <MediaThumbnail item={item} />
      {renaming ? (
        <form className="flex items-center gap-1" onSubmit={submitName}>
          <Input value={name} onChange={(event) => setName(event.target.value)} aria-label="New name" maxLength={200} autoFocus className="h-8" />
          <Button type="submit" size="icon" variant="ghost" className="size-8" aria-label="Save name">
            <Check />
          </Button>
          <Button size="icon" variant="ghost" className="size-8" aria-label="Cancel rename" onClick={() => (setName(item.name), setRenaming(false))}>
            <X />
          </Button>
        </form>
      ) : (
        <p className="font-semibold text-ink" title={item.name}>
          {item.name}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted">
        {/* Spec 001 §9: a YouTube video's duration label is 'YouTube Video'; it has no stored size. */}
        <dt>{item.isYoutube ? "Duration" : "Size"}</dt>
        <dd>{item.isYoutube ? "YouTube Video" : formatFileSize(item.size)}</dd>
        {item.width && item.height ? (
          <>
            <dt>Dimensions</dt>
            <dd>{`${item.width} × ${item.height}`}</dd>
          </>
        ) : null}
        {item.pageCount ? (
          <>
            <dt>Pages</dt>
            <dd>{item.pageCount}</dd>
          </>
        ) : null}
        <dt>Uploaded</dt>
        <dd>{formatLongDate(item.uploadedAt)}</dd>
      </dl>
      <label className="grid gap-1 text-xs font-medium text-muted">
        Folder
        <select
          className="h-8 rounded-md border border-border bg-surface px-2 text-sm text-ink"
          value={item.folder}
          onChange={(event) => void save({ folder: event.target.value })}
          aria-label={`Move ${item.name} to folder`}
        >
          {(folders.includes(item.folder) ? folders : [item.folder, ...folders]).map((folder) => (
            <option key={folder} value={folder}>
              {folder}
            </option>
          ))}
        </select>
      </label>
      {item.kind === "image" ? (
        <label className="flex items-start gap-2 text-xs text-muted">
          <input type="checkbox" className="mt-0.5" checked={item.isPublic} onChange={(event) => void save({ isPublic: event.target.checked })} />
          <span>Public: anyone may open it (for images on public pages), cached for a year</span>
        </label>
      ) : null}
      {error ? <p className="text-xs text-danger">{error}</p> : null}
      {/* One row at any card width: Copy URL says what it did; rename and delete are icons with their names for screen readers and on hover. */}
      <div className="flex items-center gap-1">
        <Button size="sm" variant="outline" className="mr-auto" onClick={() => void copy()}>
          <Copy />
          {copied ? MEDIA_MESSAGES.urlCopied : "Copy URL"}
        </Button>
        <Button size="icon" variant="ghost" className="size-8" onClick={() => setRenaming(true)} aria-label={`Rename ${item.name}`} title="Rename">
          <Pencil />
        </Button>
        <Button size="icon" variant="ghost" className="size-8 text-danger" onClick={onDelete} aria-label={`Delete ${item.name}`} title="Delete">
          <Trash2 />
        </Button>
      </div>
    </Card>
  );
}
