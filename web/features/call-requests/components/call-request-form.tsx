import { useId, useState, type FormEvent } from "react";
import { CheckCircle2, PhoneCall } from "lucide-react";
import { CALL_REQUEST_MESSAGES, type CallRequestInput } from "../../../../common/contracts/call-requests";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Label } from "../../../components/ui/label";
import { ApiError } from "../../../lib/api-client";
import { useHydrated } from "../../../lib/use-hydrated";
import { useRequestCall } from "../api";

type Field = keyof CallRequestInput;
const EMPTY: CallRequestInput = { name: "", email: "", phone: "", preferredTimes: "", topic: "" };

function TopicField({ value, error, onChange }: { value: string; error: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>What would you like to talk about?</Label>
      <textarea
        id={id}
        name="topic"
        rows={4}
        maxLength={2000}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-24 w-full resize-y rounded-md border border-border bg-surface px-3 py-2 text-base text-ink shadow-xs placeholder:text-muted/70 placeholder:italic focus-visible:border-navy-400 focus-visible:outline-2 focus-visible:outline-navy-200 aria-invalid:border-danger sm:text-sm"
        placeholder="Your reference number and a sentence or two about your invention"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * /ref-number without a booking calendar: the visitor leaves name, email, phone, preferred times and
 * topic; the server validates them (its messages are shown per field), stores the request and mails the admins.
 */
export function CallRequestForm() {
  const requestCall = useRequestCall();
  const hydrated = useHydrated();
  const [values, setValues] = useState<CallRequestInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const change = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    try {
      await requestCall.mutateAsync(values);
    } catch (error) {
      if (error instanceof ApiError && error.fields) return setErrors(error.fields);
      setFailure(error instanceof ApiError && error.message ? error.message : CALL_REQUEST_MESSAGES.sendFailed);
    }
  }

  if (requestCall.isSuccess) {
    return (
      <div className="rounded-xl border border-success/25 bg-success-soft p-6 sm:p-8" data-testid="call-request-sent" role="status">
        <CheckCircle2 className="size-8 text-success" aria-hidden />
        <p className="mt-3 text-lg font-semibold text-ink">{CALL_REQUEST_MESSAGES.sent}</p>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5 rounded-xl border border-border bg-surface p-6 shadow-card sm:p-8" aria-labelledby="call-request-heading">
      <div>
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-navy-50 text-navy-700">
          <PhoneCall className="size-6" aria-hidden />
        </span>
        <h2 id="call-request-heading" className="mt-4 text-xl font-semibold text-ink">
          {CALL_REQUEST_MESSAGES.formTitle}
        </h2>
        <p className="mt-2 text-ink">{CALL_REQUEST_MESSAGES.formIntro}</p>
      </div>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" name="name" autoComplete="name" maxLength={120} value={values.name} error={errors.name} onChange={(event) => change("name")(event.target.value)} />
        <FormField label="Email" name="email" type="email" autoComplete="email" maxLength={254} value={values.email} error={errors.email} onChange={(event) => change("email")(event.target.value)} />
        <FormField label="Phone" name="phone" type="tel" autoComplete="tel" maxLength={40} value={values.phone} error={errors.phone} onChange={(event) => change("phone")(event.target.value)} />
        <FormField
          label="Preferred times"
          name="preferredTimes"
          maxLength={500}
          placeholder="e.g. weekdays after 3 PM ET"
          value={values.preferredTimes}
          error={errors.preferredTimes}
          onChange={(event) => change("preferredTimes")(event.target.value)}
        />
      </div>
      <TopicField value={values.topic} error={errors.topic} onChange={change("topic")} />
      <div>
        <Button type="submit" size="lg" disabled={!hydrated || requestCall.isPending}>
          {requestCall.isPending ? "Sending..." : "Request my call"}
        </Button>
      </div>
    </form>
  );
}
