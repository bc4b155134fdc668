import { useState, type FormEvent } from "react";
import { MESSAGING_MESSAGES } from "../../../../common/contracts/messages";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { ApiError } from "../../../lib/api-client";
import { TextAreaField } from "../../admin-content/components/form-controls";
import { useReportConversation } from "../api";

type ReportConversationDialogProps = {
  conversationId: number;
  open: boolean;
  /** Already reported by this member: the dialog says so instead of asking again. */
  reported: boolean;
  onClose: () => void;
};

/** Report a conversation with a reason: moderators then read this conversation, and only this one. */
export function ReportConversationDialog({ conversationId, open, reported, onClose }: ReportConversationDialogProps) {
  const report = useReportConversation(conversationId);
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function close() {
    if (report.isPending) return;
    setReason("");
    setFieldError(undefined);
    setFormError(null);
    setDone(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < 3) return setFieldError("Reason must be at least 3 characters");
    setFormError(null);
    try {
      setDone((await report.mutateAsync(text)).message);
    } catch (error) {
      // Reported before (in another tab, say): the server's answer is all there is to say.
      if (error instanceof ApiError && error.status === 409) return setDone(error.message);
      const field = error instanceof ApiError ? error.fields?.reason : undefined;
      setFieldError(field);
      if (!field) setFormError(error instanceof ApiError && error.status < 500 ? error.message : "Failed to report. Please try again.");
    }
  }

  const answered = done ?? (reported ? MESSAGING_MESSAGES.alreadyReported : null);
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent hideClose={report.isPending}>
        <DialogTitle className="pr-6">Report this conversation</DialogTitle>
        <DialogDescription className="mt-2">Tell the moderators what is wrong. They will read this conversation, and only this one, and decide.</DialogDescription>
        {answered ? (
          <div className="mt-4 grid gap-4">
            <Alert variant="success">{answered}</Alert>
            <Button className="justify-self-end" onClick={close}>
              Close
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
            <TextAreaField
              label="Reason"
              value={reason}
              maxLength={500}
              placeholder="Spam, harassment, scam…"
              onChange={(event) => {
                setReason(event.target.value);
                setFieldError(undefined);
              }}
              error={fieldError}
              autoFocus
            />
            {formError ? <Alert variant="error">{formError}</Alert> : null}
            <div className="flex flex-wrap justify-end gap-3">
              <Button type="button" variant="outline" onClick={close} disabled={report.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" disabled={report.isPending}>
                {report.isPending ? "Reporting…" : "Report"}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
