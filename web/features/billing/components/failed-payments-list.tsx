import { useId, useState } from "react";
import { CircleCheck, Send } from "lucide-react";
import type { FailedPayment } from "../../../../common/contracts/billing";
import { PLANS } from "../../../../common/tiers";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useFailedPayments, useSendReminder } from "../failed-payments-api";
import { formatCents, formatLongDate, formatLongDateTime } from "../format";

function reminderError(error: unknown): string {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : "The reminder could not be sent. Please try again.";
}

function FailedPaymentItem({ entry }: { entry: FailedPayment }) {
  const nameId = useId();
  const reminder = useSendReminder();
  const [sent, setSent] = useState(false);
  const send = () => reminder.mutateAsync(entry.userId).then(() => setSent(true), () => setSent(false));
  const facts: Array<[string, string]> = [
    ["Amount due", formatCents(entry.amountCents)],
    ["Attempts", String(entry.attempts)],
    ["Next retry", entry.nextAttemptAt ? formatLongDateTime(entry.nextAttemptAt) : "None scheduled"],
    ["Plan kept until", formatLongDate(entry.graceEndsAt)],
    ["Reminders sent", entry.lastReminderAt ? `${entry.remindersSent}, last ${formatLongDateTime(entry.lastReminderAt)}` : "None yet"],
  ];
  return (
    <li aria-labelledby={nameId} data-testid="failed-payment">
      <Card className="grid gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id={nameId} className="font-semibold wrap-anywhere text-ink">
            {entry.name}
            <span className="ml-2 text-sm font-normal text-muted">{entry.tier ? PLANS[entry.tier].name : "Paid"} plan</span>
          </h3>
          <a className="text-sm wrap-anywhere text-navy-700 underline-offset-2 hover:underline" href={`mailto:${entry.email}`}>
            {entry.email}
          </a>
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label} className="grid content-start gap-0.5">
              <dt className="text-muted">{label}</dt>
              <dd className="font-medium text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-3">
          <Button size="sm" variant="outline" onClick={send} disabled={reminder.isPending}>
            <Send aria-hidden />
            {reminder.isPending ? "Sending…" : "Send reminder now"}
          </Button>
          <span role="status" className="text-sm text-muted">
            {sent && !reminder.isPending ? `Reminder sent to ${entry.email}.` : ""}
          </span>
        </div>
        {reminder.isError ? <Alert variant="error">{reminderError(reminder.error)}</Alert> : null}
      </Card>
    </li>
  );
}

/** Members whose renewal failed, longest overdue first: what they owe, the provider's retries, and reminders. */
export function FailedPaymentsList() {
  const list = useFailedPayments();
  if (list.isPending) return <Spinner label="Loading failed payments" />;
  if (list.isError) return <Alert variant="error">Failed to load the failed payments. Please try again.</Alert>;
  if (list.data.failedPayments.length === 0) {
    return (
      <EmptyState icon={CircleCheck} title="No failed payments">
        Every renewal was collected. Members whose card is declined appear here, with the reminders they were mailed.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Failed payments">
      {list.data.failedPayments.map((entry) => (
        <FailedPaymentItem key={entry.userId} entry={entry} />
      ))}
    </ul>
  );
}
