import type { EmailStatus, MailTransportName } from "../../../../common/contracts/email";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { SelectField } from "../../admin-content/components/form-controls";
import { useChooseTransport } from "../api";

const TRANSPORT_NAMES: Record<MailTransportName, string> = { outbox: "Outbox only", smtp: "SMTP", gmail: "Gmail" };

/** Which transport sends, and the admin's choice (automatic: Gmail once authorized, else SMTP, else the outbox). */
export function TransportCard({ status }: { status: EmailStatus }) {
  const choose = useChooseTransport();
  const options = [
    { value: "auto", label: "Automatic" },
    { value: "outbox", label: "Outbox only (nothing is delivered)" },
    ...(status.smtpConfigured ? [{ value: "smtp", label: "SMTP" }] : []),
    ...(status.gmail.configured ? [{ value: "gmail", label: "Gmail" }] : []),
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Sending with <Badge data-testid="transport-in-use">{TRANSPORT_NAMES[status.transport]}</Badge>
        </CardTitle>
        <CardDescription>
          {status.canSend ? "Messages are delivered through this transport; every message is also kept in the outbox." : "Nothing is delivered: messages are only kept in the outbox."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SelectField
          label="Transport"
          className="max-w-sm"
          options={options}
          value={status.chosen ?? "auto"}
          disabled={choose.isPending}
          onChange={(event) => choose.mutate(event.target.value === "auto" ? null : (event.target.value as MailTransportName))}
        />
      </CardContent>
    </Card>
  );
}
