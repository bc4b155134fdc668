import { useCallback, useState, type FormEvent } from "react";
import type { AdminUser } from "../../../../common/contracts/users";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { useTimers } from "../../../lib/use-timers";
import { TextAreaField } from "../../admin-content/components/form-controls";
import { EmailPreview } from "../../email/components/email-preview";
import { EMAIL_MESSAGES } from "../../../../common/contracts/email";
import { useEmailStatus } from "../../email/api";
import { TemplatePicker } from "../../email/components/template-picker";
import { BulkSendProgressView } from "../../email/components/bulk-send-progress";
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

/** Who the mail goes to: the ticked accounts, or every account the search matches (resolved by the server). */
export type EmailAudience = { kind: "selected"; users: AdminUser[] } | { kind: "matching"; search: string; total: number };

function SendEmailForm({ audience, onSent }: { audience: EmailAudience; onSent: () => void }) {
  const send = useSendEmail();
  const emailStatus = useEmailStatus().data;
  const canSend = emailStatus?.canSend ?? true;
  const later = useTimers();
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sendId, setSendId] = useState<string | null>(null);
  const closeLater = useCallback(() => later(onSent, CLOSE_AFTER_MS), [later, onSent]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isEmailComplete(subject, message)) return setError(USERS_TEXT.subjectAndMessage);
    setError(null);
    try {
      const to = audience.kind === "matching" ? { matching: { search: audience.search } } : { userIds: audience.users.map((user) => user.id) };
      const started = await send.mutateAsync({ ...to, subject: subject.trim(), message: message.trim() });
      setSendId(started.sendId);
    } catch (failure) {
      setError(refusalMessage(failure, USERS_TEXT.emailsFailed));
    }
  }

  if (sendId) return <BulkSendProgressView sendId={sendId} onSucceeded={closeLater} />;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <fieldset disabled={send.isPending} className="grid gap-4">
        {canSend ? null : <Alert>{emailStatus?.chosen === "outbox" ? EMAIL_MESSAGES.outboxOnlyNotice : `${EMAIL_MESSAGES.notAuthorizedWarning} Until then the messages are only kept in the outbox.`}</Alert>}
        <TemplatePicker
          onPick={(template) => {
            setSubject(template.subject);
            setMessage(template.body);
          }}
        />
        <FormField label="Subject" value={subject} onChange={(event) => setSubject(event.target.value)} maxLength={300} />
        <TextAreaField
          label="Message"
          rows={8}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          hint="HTML is allowed. {{name}}, {{email}} and {{tier}} are filled in for each member."
        />
        <EmailPreview subject={subject} body={message} />
        {error ? <Alert variant="error">{error}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit">{send.isPending ? "Sending..." : "Send"}</Button>
        </div>
      </fieldset>
    </form>
  );
}

type SendEmailDialogProps = { audience: EmailAudience; open: boolean; onOpenChange: (open: boolean) => void; onSent: () => void };

function audienceLine(audience: EmailAudience): string {
  if (audience.kind === "selected") return `To ${plural(audience.users.length, "user")}: ${recipientLine(audience.users)}`;
  return audience.search ? `To all ${plural(audience.total, "user")} matching “${audience.search}”` : `To all ${plural(audience.total, "user")}`;
}

/** Mail to the selected accounts (spec 001 §2.4, §5), written or from a template: a bulk send with live progress. */
export function SendEmailDialog({ audience, open, onOpenChange, onSent }: SendEmailDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Send Email</DialogTitle>
          <DialogDescription>{audienceLine(audience)}</DialogDescription>
        </DialogHeader>
        <SendEmailForm audience={audience} onSent={onSent} />
      </DialogContent>
    </Dialog>
  );
}
