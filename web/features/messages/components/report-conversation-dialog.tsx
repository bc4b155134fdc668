import { useState } from "react";
import { MESSAGING_MESSAGES } from "../../../../common/contracts/messages";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { ApiError } from "../../../lib/api-client";
import { ReasonForm } from "../../community/components/reason-form";
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
  const [done, setDone] = useState<string | null>(null);

  function close() {
    if (report.isPending) return;
    setDone(null);
    onClose();
  }

  async function submit(reason: string) {
    try {
      setDone((await report.mutateAsync(reason)).message);
    } catch (error) {
      // Reported before (in another tab, say): the server's answer is all there is to say.
      if (error instanceof ApiError && error.status === 409) return setDone(error.message);
      throw error;
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
          <ReasonForm placeholder="Spam, harassment, scam…" submitLabel="Report" pendingLabel="Reporting…" failedMessage="Failed to report. Please try again." pending={report.isPending} onCancel={close} onSubmit={submit} />
        )}
      </DialogContent>
    </Dialog>
  );
}
