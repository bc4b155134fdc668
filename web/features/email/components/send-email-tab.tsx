import { useState, type FormEvent } from "react";
import { EMAIL_DELAYS_MS, EMAIL_MESSAGES, type EmailStatus } from "../../../../common/contracts/email";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { useTimers } from "../../../lib/use-timers";
import { TextAreaField } from "../../admin-content/components/form-controls";
import { useSendSingleEmail } from "../api";
import { errorText } from "../error-text";
import { EmailPreview } from "./email-preview";
import { TemplatePicker } from "./template-picker";

/** Send Email (spec 001 §2.7, §4): one message now; disabled with the warning when nothing can send, into the outbox when the admin chose Outbox only. */
export function SendEmailTab({ status }: { status: EmailStatus }) {
  const send = useSendSingleEmail();
  const later = useTimers();
  const [to, setTo] = useState("");
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  // "Outbox only", chosen by the admin, sends into the outbox; nothing able to send at all is the spec's warning.
  const outboxOnly = status.chosen === "outbox";
  const disabled = (!status.canSend && !outboxOnly) || send.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!to.trim() || !subject.trim() || !body.trim()) return setError(EMAIL_MESSAGES.fillAllFields);
    setError(null);
    try {
      const { delivered } = await send.mutateAsync({ to: to.trim(), subject: subject.trim(), body });
      setTo("");
      setSubject("");
      setBody("");
      setSent(delivered ? EMAIL_MESSAGES.sent : EMAIL_MESSAGES.keptInOutbox);
      later(() => setSent(null), EMAIL_DELAYS_MS.sendBanner);
    } catch (failure) {
      setError(errorText(failure, EMAIL_MESSAGES.sendFailed));
    }
  }

  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        {outboxOnly ? <Alert>{EMAIL_MESSAGES.outboxOnlyNotice}</Alert> : null}
        {!status.canSend && !outboxOnly ? <Alert>{EMAIL_MESSAGES.notAuthorizedWarning}</Alert> : null}
        {sent ? <Alert variant="success">{sent}</Alert> : null}
        {error ? <Alert variant="error">{error}</Alert> : null}
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset disabled={disabled} className="grid gap-4">
            <TemplatePicker
              onPick={(template) => {
                setSubject(template.subject);
                setBody(template.body);
              }}
            />
            <FormField label="Recipient" type="email" value={to} onChange={(event) => setTo(event.target.value)} maxLength={320} />
            <FormField label="Subject" value={subject} onChange={(event) => setSubject(event.target.value)} maxLength={300} />
            <TextAreaField
              label="Body (HTML)"
              rows={8}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              hint="HTML is allowed; scripts, styles and event handlers are removed. {{name}}, {{email}} and {{tier}} are the recipient's when the address has an account."
            />
            <EmailPreview subject={subject} body={body} />
            <div className="flex justify-end">
              <Button type="submit">{send.isPending ? EMAIL_MESSAGES.sending : "Send Email"}</Button>
            </div>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
