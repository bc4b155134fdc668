import { Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { MEDIA_MESSAGES, UPLOAD_ACCEPT, type MediaItem } from "../../../../common/contracts/media";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { ApiError } from "../../../lib/api-client";
import { useUploadMedia } from "../api";

/** Spec 001 §9: the success display resets after 1.5 s. */
const SUCCESS_RESET_MS = 1500;

type UploadPanelProps = { folder: string; folders: string[]; onFolderChange: (folder: string) => void; onUploaded: (items: MediaItem[]) => void };

/**
 * Uploads one or several files into a folder, one after another, with one progress bar driven by the
 * bytes sent; 'Upload successful!' then the panel resets. A refused file stops the batch with the
 * server's message.
 */
export function UploadPanel({ folder, folders, onFolderChange, onUploaded }: UploadPanelProps) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [success, setSuccess] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const uploadMedia = useUploadMedia();

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(false), SUCCESS_RESET_MS);
    return () => clearTimeout(timer);
  }, [success]);

  async function upload(files: File[]) {
    if (files.length === 0) return;
    const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
    setError(null);
    setSuccess(false);
    setProgress(0);
    const uploaded: MediaItem[] = [];
    let done = 0;
    try {
      for (const file of files) {
        uploaded.push(await uploadMedia(file, { folder }, (fraction) => setProgress((done + fraction * file.size) / total)));
        done += file.size;
      }
      setProgress(1);
      setSuccess(true);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : MEDIA_MESSAGES.uploadFailed);
    } finally {
      if (uploaded.length) onUploaded(uploaded);
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  }

  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <Card>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm font-medium text-ink">
            Upload to folder
            <select
              className="h-10 rounded-md border border-border bg-surface px-3 text-sm"
              value={folder}
              onChange={(event) => onFolderChange(event.target.value)}
              disabled={percent !== null}
            >
              {folders.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <input
            ref={input}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            className="sr-only"
            aria-label="Choose files to upload"
            onChange={(event) => void upload(Array.from(event.target.files ?? []))}
          />
          <Button onClick={() => input.current?.click()} disabled={percent !== null}>
            <Upload />
            {percent === null ? "Upload Files" : "Uploading..."}
          </Button>
        </div>
        <p className="text-sm text-muted">Images (JPEG, PNG, GIF, WebP) and videos (MP4, WebM, Ogg) up to 50 MB; documents (PDF, Word, Excel, PowerPoint) up to 10 MB.</p>
        {percent !== null ? (
          <div className="grid gap-1">
            <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-navy-50">
              <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <span className="text-sm text-muted">{percent}%</span>
          </div>
        ) : null}
        {success ? <Alert variant="success">{MEDIA_MESSAGES.uploadSuccess}</Alert> : null}
        {error ? <Alert variant="error">{error}</Alert> : null}
      </CardContent>
    </Card>
  );
}
