import { useState, type FormEvent } from "react";
import { MEDIA_MESSAGES } from "../../../../common/contracts/media";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api-client";

type NewFolderDialogProps = { open: boolean; folders: string[]; onClose: () => void; onCreate: (name: string) => Promise<unknown> };

/** New folder: trimmed, not empty, not a name that exists (in any case); kept on the server. */
export function NewFolderDialog({ open, folders, onClose, onCreate }: NewFolderDialogProps) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function close() {
    setName("");
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(MEDIA_MESSAGES.folderRequired);
    if (folders.some((folder) => folder.toLowerCase() === trimmed.toLowerCase())) return setError(MEDIA_MESSAGES.folderExists);
    setPending(true);
    try {
      await onCreate(trimmed);
      close();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : MEDIA_MESSAGES.updateFailed);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogTitle>New Folder</DialogTitle>
        <DialogDescription className="mt-2">Folders sort the library; every admin sees them.</DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <FormField label="Folder name" value={name} onChange={(event) => setName(event.target.value)} error={error ?? undefined} maxLength={60} autoFocus />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Creating..." : "Create Folder"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
