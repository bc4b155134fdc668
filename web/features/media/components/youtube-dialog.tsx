import { useState, type FormEvent } from "react";
import { MEDIA_MESSAGES, youtubeIdFrom, type YoutubeInput } from "../../../../common/contracts/media";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api-client";

type YoutubeDialogProps = { open: boolean; folder: string; onClose: () => void; onAdd: (input: YoutubeInput) => Promise<unknown> };

/** Add a YouTube video by its address and a title; an address without an 11-character id is refused before sending. */
export function YoutubeDialog({ open, folder, onClose, onAdd }: YoutubeDialogProps) {
  const [url, setUrl] = useState("");
  const [title, setTitle] = useState("");
  const [errors, setErrors] = useState<{ url?: string; title?: string; form?: string }>({});
  const [pending, setPending] = useState(false);

  function close() {
    setUrl("");
    setTitle("");
    setErrors({});
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { url: youtubeIdFrom(url) ? undefined : MEDIA_MESSAGES.invalidYoutube, title: title.trim() ? undefined : MEDIA_MESSAGES.youtubeTitleRequired };
    setErrors(found);
    if (found.url || found.title) return;
    setPending(true);
    try {
      await onAdd({ url, title, folder });
      close();
    } catch (failure) {
      setErrors({ form: failure instanceof ApiError ? failure.message : MEDIA_MESSAGES.uploadFailed });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogTitle>Add YouTube Video</DialogTitle>
        <DialogDescription className="mt-2">{`Paste the video's address (watch, youtu.be, embed or shorts). It goes into the ${folder} folder.`}</DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <FormField label="YouTube URL" value={url} onChange={(event) => setUrl(event.target.value)} error={errors.url} placeholder="https://www.youtube.com/watch?v=..." />
          <FormField label="Title" value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} maxLength={200} />
          {errors.form ? <Alert variant="error">{errors.form}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Adding..." : "Add Video"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
