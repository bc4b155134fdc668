import { FolderOpen, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { acceptFor, ALLOWED_UPLOADS, FILE_FIELD_KINDS, MEDIA_MESSAGES, wrongKindMessage, type MediaItem, type MediaKind } from "../../../../common/contracts/media";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { useUploadMedia } from "../../media/api";
import { MediaPickerDialog } from "../../media/components/media-picker-dialog";
import { absoluteUrl } from "../../media/format";
import { WIDE } from "./content-form";
import { LinkField } from "./form-controls";

type FileLinkFieldProps = {
  label: string;
  /** What the file belongs to, as the hint names it. */
  owner: "resource" | "video";
  /** The server holds an uploaded file for this item, which an empty address keeps. */
  hasStoredFile: boolean;
  /** The stored file's name, when the server sent it. */
  storedFileName?: string | null;
  /** The library item the stored file came from was deleted. */
  fileMissing?: boolean;
  /** The hint while the item has no uploaded file. */
  linkHint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
};

/** The kind a file's extension names, or null for one not on the allow-list. */
function kindOfName(name: string): MediaKind | null {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? "";
  return Object.hasOwn(ALLOWED_UPLOADS, extension) ? ALLOWED_UPLOADS[extension as keyof typeof ALLOWED_UPLOADS].kind : null;
}

/**
 * The file of a resource or a file video, bound with `form.field(...)`: Select picks a file from the
 * media library, Upload New uploads one into it in place; either puts the item's address in the value,
 * which the server turns into the item's stored file. A pasted link still works as before. Both offer
 * only the kinds the field takes (`FILE_FIELD_KINDS`), and the server checks them again on upload and save.
 */
export function FileLinkField({ label, owner, hasStoredFile, storedFileName, fileMissing = false, linkHint, value, onChange, error }: FileLinkFieldProps) {
  const kinds: readonly MediaKind[] = FILE_FIELD_KINDS[owner];
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<MediaItem | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploadMedia = useUploadMedia();

  function choose(item: MediaItem) {
    setUploadError(null);
    setPicked(item);
    setPicking(false);
    onChange(absoluteUrl(item.url));
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    const kind = kindOfName(file.name);
    // A file the field cannot take is refused before any byte is sent (the server would refuse it too).
    if (kind && !kinds.includes(kind)) {
      setUploadError(wrongKindMessage(kinds));
      if (input.current) input.current.value = "";
      return;
    }
    setProgress(0);
    try {
      choose(await uploadMedia(file, { folder: "general", kinds }, setProgress));
    } catch (failure) {
      setUploadError(failure instanceof ApiError ? failure.message : MEDIA_MESSAGES.uploadFailed);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  }

  const showsPicked = picked !== null && value === absoluteUrl(picked.url);
  const current = showsPicked ? `Selected: ${picked.name}` : hasStoredFile && !value ? `Current file: ${storedFileName ?? "uploaded file"}` : null;
  return (
    <div className={`grid min-w-0 gap-2 ${WIDE}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => setPicking(true)}>
          <FolderOpen />
          Select
        </Button>
        <input ref={input} type="file" accept={acceptFor(kinds)} className="sr-only" aria-label={`Upload a new file for this ${owner}`} onChange={(event) => void upload(event.target.files?.[0])} />
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={progress !== null}>
          <Upload />
          {progress === null ? "Upload New" : `Uploading... ${Math.round(progress * 100)}%`}
        </Button>
        {current ? <span className="text-sm text-ink wrap-anywhere">{current}</span> : null}
      </div>
      {fileMissing && !showsPicked && !value ? (
        <p className="text-sm font-medium text-danger">File missing: it was deleted from the media library. Select or upload another.</p>
      ) : null}
      {uploadError ? (
        <p role="alert" className="text-sm text-danger">
          {uploadError}
        </p>
      ) : null}
      <LinkField
        label={label}
        value={value}
        onChange={(event) => {
          setUploadError(null);
          onChange(event.target.value);
        }}
        error={error}
        hint={hasStoredFile ? `This ${owner} has an uploaded file. Leave this empty to keep it, pick another, or enter a link to use instead.` : linkHint}
      />
      <MediaPickerDialog open={picking} kinds={kinds} storedOnly onClose={() => setPicking(false)} onSelect={choose} />
    </div>
  );
}
