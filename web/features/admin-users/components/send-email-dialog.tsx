import { useState, type FormEvent } from "react";
import type { AdminUser } from "../../../../common/contracts/users";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { useTimers } from "../../../lib/use-timers";
import { TextAreaField } from "../../admin-content/components/form-controls";
import { useSendEmail } from "../api";
import { plural, refusalMessage, USERS_TEXT } from "../messages";
import { isEmailComplete } from "../validation";

/** Spec 001 §9: the bulk email dialog closes 2 s after success. */
const CLOSE_AFTER_MS = 2000;
/** Recipients named in the dialog; the rest are counted. */
const NAMED_RECIPIENTS = 3;

function recipientLine(recipients: AdminUser[]): string {
  const named = recipients.slice(0, NAMED_RECIPIENTS).map((user) => user.name);
  const others = recipients.length - named.length;
  return others > 0 ? `${named.join(", ")} and ${plural(others, "other")}` : named.join(", ");
}

function SendEmailForm({ recipients, onSent }: { recipients: AdminUser[]; onSent: () => void }) {
  const send = useSendEmail();
  const later = useTimers();
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const locked = send.isPending || sent;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isEmailComplete(subject, message)) return setError(USERS_TEXT.subjectAndMessage);
    setError(null);
    try {
      await send.mutateAsync({ userIds: recipients.map((user) => user.id), subject: subject.trim(), message: message.trim() });
      setSent(true);
      later(onSent, CLOSE_AFTER_MS);
    } catch (failure) {
      setError(refusalMessage(failure, USERS_TEXT.emailsFailed));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label="Subject" value={subject} onChange={(event) => setSubject(event.target.value)} disabled={locked} maxLength={300} />
      <TextAreaField
        label="Message"
        rows={8}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        disabled={locked}
        hint="Plain text or HTML. Each member receives their own copy."
      />
      {error ? <Alert variant="error">{error}</Alert> : null}
      {sent ? <Alert variant="success">{USERS_TEXT.emailsSent}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={locked}>
          {send.isPending ? "Sending..." : "Send"}
        </Button>
      </div>
    </form>
  );
}

type SendEmailDialogProps = { recipients: AdminUser[]; open: boolean; onOpenChange: (open: boolean) => void; onSent: () => void };

/** Mail to the selected accounts (spec 001 §2.4, §5): queued in the outbox and sent in batches. */
export function SendEmailDialog({ recipients, open, onOpenChange, onSent }: SendEmailDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Send Email</DialogTitle>
          <DialogDescription>{`To ${plural(recipients.length, "user")}: ${recipientLine(recipients)}`}</DialogDescription>
        </DialogHeader>
        <SendEmailForm recipients={recipients} onSent={onSent} />
      </DialogContent>
    </Dialog>
  );
}
