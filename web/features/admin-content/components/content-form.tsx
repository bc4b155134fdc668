import type { ReactNode } from "react";
import { CONTENT_MESSAGES } from "../../../../common/content";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import type { ContentFormSubmit } from "../use-content-form";

/** A field's `className` to span both columns of a ContentForm. */
export const WIDE = "sm:col-span-2";

type ContentFormProps = {
  /** The form's accessible name: "New session", "Edit video"... */
  label: string;
  form: ContentFormSubmit;
  submitLabel: string;
  saving: boolean;
  /** Keeps every field and the submit read-only, e.g. while the edit dialog shows its success message. */
  locked?: boolean;
  onCancel: () => void;
  /** The fields, on two columns from the small breakpoint up; a field with the class WIDE spans both. */
  children: ReactNode;
};

/** The frame every content form shares: its fields, the form's own error, then Save (or "Saving...") and Cancel. */
export function ContentForm({ label, form, submitLabel, saving, locked = false, onCancel, children }: ContentFormProps) {
  return (
    <form onSubmit={form.handleSubmit} noValidate className="grid gap-4" aria-label={label}>
      {/* A disabled fieldset locks every control inside it, a control added later included. */}
      <fieldset disabled={locked} className="grid min-w-0 gap-4 sm:grid-cols-2">
        {children}
      </fieldset>
      {form.formError ? <Alert variant="error">{form.formError}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving || locked}>
          {saving ? CONTENT_MESSAGES.videoSaving : submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
