import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { MEDIA_MESSAGES, type MediaItem, type MediaUsage } from "../../../../common/contracts/media";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { fetchMediaUsage } from "../api";

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
        <DialogDescription className="mt-2">{(usage.data && usageText(usage.data)) ?? "This cannot be undone."}</DialogDescription>
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
