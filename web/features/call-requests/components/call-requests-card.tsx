import { CheckCircle2, PhoneCall } from "lucide-react";
import { CALL_REQUEST_MESSAGES, type CallRequest } from "../../../../common/contracts/call-requests";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useCallRequests, useMarkCallRequestHandled } from "../api";

const RECEIVED = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short" });

function CallRequestItem({ request }: { request: CallRequest }) {
  const markHandled = useMarkCallRequestHandled();
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0" data-testid={`call-request-${request.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold break-words text-ink">{request.name}</span>
        {request.handledAt ? (
          <Badge variant="success">
            <CheckCircle2 className="size-3" aria-hidden />
            {CALL_REQUEST_MESSAGES.handled}
          </Badge>
        ) : (
          <Button size="sm" variant="outline" aria-label={`Mark handled: ${request.name}`} disabled={markHandled.isPending} onClick={() => markHandled.mutate(request.id)}>
            Mark handled
          </Button>
        )}
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="text-muted">Email</dt>
        <dd className="break-words">
          <a href={`mailto:${request.email}`} className="text-navy-700 underline underline-offset-4">
            {request.email}
          </a>
        </dd>
        <dt className="text-muted">Phone</dt>
        <dd>
          <a href={`tel:${request.phone.replace(/[^\d+]/g, "")}`} className="text-navy-700 underline underline-offset-4">
            {request.phone}
          </a>
        </dd>
        <dt className="text-muted">Preferred times</dt>
        <dd className="break-words text-ink">{request.preferredTimes}</dd>
        <dt className="text-muted">Topic</dt>
        <dd className="break-words whitespace-pre-line text-ink">{request.topic}</dd>
        <dt className="text-muted">Received</dt>
        <dd className="text-ink">
          {RECEIVED.format(new Date(request.createdAt))}
          {request.handledAt ? ` · handled by ${request.handledByEmail ?? "a former admin"} on ${RECEIVED.format(new Date(request.handledAt))}` : null}
        </dd>
      </dl>
      {markHandled.isError ? <Alert variant="error">Failed to mark the request handled. Please try again.</Alert> : null}
    </li>
  );
}

/** Admin dashboard: the calls visitors asked for on /ref-number, open ones first, each marked handled once called. */
export function CallRequestsCard() {
  const requests = useCallRequests();
  const open = requests.data?.callRequests.filter((request) => !request.handledAt).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PhoneCall className="size-4 text-navy-500" aria-hidden />
          Call requests
          {open > 0 ? <Badge variant="accent">{open} open</Badge> : null}
        </CardTitle>
        <CardDescription>Visitors who asked for a call on the Schedule a Call page.</CardDescription>
      </CardHeader>
      <CardContent>
        {requests.isPending ? <Spinner label="Loading call requests" /> : null}
        {requests.isError ? <Alert variant="error">Failed to load call requests. Please try again.</Alert> : null}
        {requests.data && requests.data.callRequests.length === 0 ? (
          <p className="rounded-lg border border-dashed border-navy-200 px-4 py-8 text-center text-sm text-muted">{CALL_REQUEST_MESSAGES.noRequests}</p>
        ) : null}
        {requests.data && requests.data.callRequests.length > 0 ? (
          <ul className="divide-y divide-border" aria-label="Call requests">
            {requests.data.callRequests.map((request) => (
              <CallRequestItem key={request.id} request={request} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
