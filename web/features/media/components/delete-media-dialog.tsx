import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { MEDIA_MESSAGES, type MediaItem, type MediaUsage, type MediaUsages } from "../../../../common/contracts/media";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { fetchMediaUsage, fetchMediaUsages } from "../api";

/** Spec 001 §9: bulk delete runs in batches of 5. */
const BATCH_SIZE = 5;

type DeleteMediaDialogProps = {
  /** One item (its own confirmation, with where it is used) or several (the bulk confirmation); empty keeps the dialog closed. */
  items: MediaItem[];
  onClose: () => void;
  onDelete: (id: number) => Promise<unknown>;
  onDeleted: (ids: number[]) => void;
};

const usedBy = (use: MediaUsage["usages"][number]) =>
  use.kind === "resource" ? `the resource “${use.title}”` : use.kind === "video" ? `the training video “${use.title}”` : `the lesson “${use.title}” of the course “${use.course}”`;

const usageText = (usage: MediaUsage) => (usage.usages.length === 0 ? null : `It is used by ${usage.usages.map(usedBy).join(", ")}. They will show the file as missing.`);

/** The selected items content uses, each with where, in the order they were selected. */
function inUse(items: MediaItem[], answer: MediaUsages | undefined): Array<{ item: MediaItem; usages: MediaUsage["usages"] }> {
  const byId = new Map(answer?.items.map((entry) => [entry.id, entry.usages]));
  return items.flatMap((item) => {
    const usages = byId.get(item.id) ?? [];
    return usages.length > 0 ? [{ item, usages }] : [];
  });
}

/** Before a bulk delete: which selected files are in use and where, in the single delete's words. */
function BulkUsage({ items }: { items: MediaItem[] }) {
  const usage = useQuery({ queryKey: ["admin", "media-usages", items.map((item) => item.id)], queryFn: () => fetchMediaUsages(items.map((item) => item.id)) });
  const used = inUse(items, usage.data);
  if (usage.isPending) return <DialogDescription className="mt-2">Checking where these files are used...</DialogDescription>;
  if (used.length === 0) return <DialogDescription className="mt-2">{usage.isError ? "Where these files are used could not be checked. This cannot be undone." : "This cannot be undone."}</DialogDescription>;
  return (
    <>
      <DialogDescription className="mt-2">{`${used.length} of them ${used.length === 1 ? "is" : "are"} in use and will show as missing there:`}</DialogDescription>
      <ul className="mt-2 grid max-h-60 gap-2 overflow-y-auto text-sm text-ink wrap-anywhere" aria-label="Selected files in use">
        {used.map(({ item, usages }) => (
          <li key={item.id}>
            <span className="font-semibold">{item.name}</span>
            {`: used by ${usages.map(usedBy).join(", ")}.`}
          </li>
        ))}
      </ul>
    </>
  );
}

/** 'Delete {name}?' or 'Are you sure you want to delete N item(s)?', saying first where a single item is used. */
export function DeleteMediaDialog({ items, onClose, onDelete, onDeleted }: DeleteMediaDialogProps) {
  const single = items.length === 1 ? items[0] : undefined;
  const usage = useQuery({ queryKey: ["admin", "media-usage", single?.id], queryFn: () => fetchMediaUsage(single?.id ?? 0), enabled: single !== undefined });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    onClose();
  }

  async function confirm() {
    setPending(true);
    setError(null);
    const deleted: number[] = [];
    let failed = false;
    for (let start = 0; start < items.length; start += BATCH_SIZE) {
      const batch = items.slice(start, start + BATCH_SIZE);
      const results = await Promise.allSettled(batch.map((item) => onDelete(item.id)));
      results.forEach((result, index) => {
        const item = batch[index];
        if (result.status === "fulfilled" && item) deleted.push(item.id);
        else failed = true;
      });
    }
    setPending(false);
    onDeleted(deleted);
    if (failed) setError(single ? MEDIA_MESSAGES.deleteFailed : MEDIA_MESSAGES.bulkDeleteFailed);
    else close();
  }

  const title = single ? `Delete ${single.name}?` : `Are you sure you want to delete ${items.length} item(s)?`;
  return (
    <Dialog open={items.length > 0} onOpenChange={(open) => !open && !pending && close()}>
      <DialogContent hideClose={pending}>
        <DialogTitle className="pr-6 wrap-anywhere">{title}</DialogTitle>
        {single || items.length === 0 ? <DialogDescription className="mt-2">{(usage.data && usageText(usage.data)) ?? "This cannot be undone."}</DialogDescription> : <BulkUsage items={items} />}
        {error ? (
          <Alert variant="error" className="mt-4">
            {error}
          </Alert>
        ) : null}
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={pending}>
            {pending ? "Deleting..." : "Yes, Delete"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
