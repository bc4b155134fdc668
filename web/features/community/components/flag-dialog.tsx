import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { ApiError } from "../../../lib/api-client";
import { TextAreaField } from "../../admin-content/components/form-controls";
import { useFlag, type FlagTarget } from "../moderation-api";

type FlagDialogProps = {
  /** The post or reply being flagged; null keeps the dialog closed. */
  target: FlagTarget | null;
  onClose: () => void;
};

/** Flag for the admins with a reason: one flag per member per item; three members hide it until an admin decides. */
export function FlagDialog({ target, onClose }: FlagDialogProps) {
  const flag = useFlag();
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const noun = target?.kind === "reply" ? "reply" : "post";

  function close() {
    if (flag.isPending) return;
    setReason("");
    setFieldError(undefined);
    setFormError(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    const text = reason.trim();
    if (text.length < 3) return setFieldError("Reason must be at least 3 characters");
    setFormError(null);
    try {
      await flag.mutateAsync({ target, input: { reason: text } });
      close();
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.reason : undefined;
      setFieldError(field);
      if (!field) setFormError(error instanceof ApiError && error.status < 500 ? error.message : "Failed to flag. Please try again.");
    }
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent hideClose={flag.isPending}>
        <DialogTitle className="pr-6">{`Flag this ${noun}`}</DialogTitle>
        <DialogDescription className="mt-2">Tell the admins what is wrong. Posts and replies flagged by several established members are hidden until an admin reviews them.</DialogDescription>
        <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
          <TextAreaField
            label="Reason"
            value={reason}
            maxLength={500}
            placeholder="Spam, harassment, off-topic…"
            onChange={(event) => {
              setReason(event.target.value);
              setFieldError(undefined);
            }}
            error={fieldError}
            autoFocus
          />
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="outline" onClick={close} disabled={flag.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={flag.isPending}>
              {flag.isPending ? "Flagging…" : "Flag"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
