import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { CONTENT_MESSAGES } from "../../../../common/content";
import { errorMessage } from "../use-submit-state";

type ConfirmDeleteDialogProps = {
  /** The item awaiting confirmation; null keeps the dialog closed. */
  target: { id: number; title: string } | null;
  /** The spec's confirmation text for this kind of item. */
  message: string;
  onClose: () => void;
  onConfirm: (id: number) => Promise<unknown>;
  onDeleted: (title: string) => void;
};

/** The second step of every delete (spec 001 §4): the confirmation text, then Yes, Delete or Cancel. */
export function ConfirmDeleteDialog({ target, message, onClose, onConfirm, onDeleted }: ConfirmDeleteDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    if (pending) return;
    setError(null);
    onClose();
  }

  async function confirm() {
    if (!target) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm(target.id);
      onDeleted(target.title);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, `Failed to delete “${target.title}”. Please try again.`));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent hideClose={pending}>
        <DialogTitle className="pr-6">{`Delete “${target?.title ?? ""}”?`}</DialogTitle>
        <DialogDescription className="mt-2">{message}</DialogDescription>
        {error ? (
          <Alert variant="error" className="mt-4">
            {error}
          </Alert>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={pending}>
            {CONTENT_MESSAGES.yesDelete}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
