import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { TextAreaField } from "../../admin-content/components/form-controls";

type ReasonFormProps = {
  placeholder: string;
  /** The submit button's label, and while the request runs ("Flag", "Flagging…"). */
  submitLabel: string;
  pendingLabel: string;
  /** Said when the server failed without a message of its own. */
  failedMessage: string;
  pending: boolean;
  onSubmit: (reason: string) => Promise<void>;
  onCancel: () => void;
};

/**
 * A reason for the moderators (flagging a post, reporting a conversation): at least 3 characters,
 * checked here and by the server, whose field error shows beside the field. Lives inside its dialog,
 * so closing the dialog forgets what was typed.
 */
export function ReasonForm({ placeholder, submitLabel, pendingLabel, failedMessage, pending, onSubmit, onCancel }: ReasonFormProps) {
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < 3) return setFieldError("Reason must be at least 3 characters");
    setFormError(null);
    try {
      await onSubmit(text);
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.reason : undefined;
      setFieldError(field);
      if (!field) setFormError(error instanceof ApiError && error.status < 500 ? error.message : failedMessage);
    }
  }

  return (
    <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
      <TextAreaField
        label="Reason"
        value={reason}
        maxLength={500}
        placeholder={placeholder}
        onChange={(event) => {
          setReason(event.target.value);
          setFieldError(undefined);
        }}
        error={fieldError}
        autoFocus
      />
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
