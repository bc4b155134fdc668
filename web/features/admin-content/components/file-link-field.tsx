import { WIDE } from "./content-form";
import { LinkField } from "./form-controls";

type FileLinkFieldProps = {
  label: string;
  /** What the file belongs to, as the hint names it. */
  owner: "resource" | "video";
  /** The server holds an uploaded file for this item, which an empty address keeps. */
  hasStoredFile: boolean;
  /** The hint while the item has no uploaded file. */
  linkHint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
};

/**
 * The file of a resource or of a file video, bound with `form.field(...)`. For now an address; the
 * media library's picker (Select, Upload New) is meant to replace what this renders, so that both
 * forms take it without a change.
 */
export function FileLinkField({ label, owner, hasStoredFile, linkHint, value, onChange, error }: FileLinkFieldProps) {
  return (
    <LinkField
      className={WIDE}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hasStoredFile ? `This ${owner} has an uploaded file. Leave this empty to keep it, or enter a link to use instead.` : linkHint}
    />
  );
}
