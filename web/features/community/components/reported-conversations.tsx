import { useId, useState } from "react";
import { EyeOff, MessageSquareWarning, ShieldCheck, TriangleAlert, UserX, X } from "lucide-react";
import type { MessageReport } from "../../../../common/contracts/messages";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { exactDate, postedAgo } from "../format";
import { communityError } from "../messages";
import { useMessageReportDecision, useMessageReports, useReportedConversation, type MessageReportDecision } from "../message-reports-api";
import { MemberActionDialog, type MemberActionTarget } from "./member-action-dialog";

/** The messages of one reported conversation: the reported member's stand out, so the decision is about them. */
function ConversationTranscript({ report }: { report: MessageReport }) {
  const conversation = useReportedConversation(report.id, true);
  if (conversation.isPending) return <Spinner label="Loading the conversation" />;
  if (conversation.isError) return <Alert variant="error">{communityError(conversation.error, "Failed to load the conversation. Please try again.")}</Alert>;
  return (
    <ol className="grid max-h-96 gap-2 overflow-y-auto rounded-lg bg-navy-50/60 p-3" aria-label="Messages in this conversation" data-testid="reported-messages">
      {conversation.data.messages.map((message) => (
        <li key={message.id} className={cn("grid gap-0.5 rounded-md p-2 text-sm", message.fromReported ? "bg-white ring-1 ring-danger/30" : "bg-transparent")}>
          <span className="text-xs text-muted">
            <span className="font-medium text-ink">{message.fromReported ? report.reported.name : report.reporter.name}</span>
            {` · ${exactDate(message.createdAt)}`}
            {message.hidden ? " · hidden" : ""}
          </span>
          <span className="wrap-anywhere whitespace-pre-wrap text-ink">{message.body ?? "(deleted member's message)"}</span>
        </li>
      ))}
    </ol>
  );
}

function ReportItem({ report, onMemberAction, onDecided }: { report: MessageReport; onMemberAction: (target: MemberActionTarget) => void; onDecided: (notice: string) => void }) {
  const nameId = useId();
  const [open, setOpen] = useState(false);
  const decision = useMessageReportDecision();
  const reportedId = report.reported.id;
  // Awaited rather than a mutate() callback: the decided report leaves the list (and this item unmounts) before such a callback would run.
  const decide = (choice: MessageReportDecision) =>
    decision
      .mutateAsync({ reportId: report.id, decision: choice })
      .then(() => onDecided(choice === "hidden" ? `${report.reported.name}'s messages in that conversation are hidden.` : "Report dismissed."))
      .catch(() => undefined);

  return (
    <article aria-labelledby={nameId} data-testid="message-report">
      <Card className="grid gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="font-semibold text-ink">{`${report.reporter.name} reported ${report.reported.name}`}</h3>
          <Badge>Conversation</Badge>
          <span className="text-sm text-muted" title={exactDate(report.createdAt)}>
            {postedAgo(report.createdAt)}
          </span>
        </div>
        <p className="text-sm wrap-anywhere text-ink">
          <span className="font-medium">Reason: </span>
          {report.reason}
        </p>
        {open ? <ConversationTranscript report={report} /> : null}
        <div className="flex flex-wrap gap-2 border-t border-border pt-3">
          <Button size="sm" variant="outline" onClick={() => setOpen(!open)} aria-expanded={open}>
            <MessageSquareWarning aria-hidden />
            {open ? "Close conversation" : "Read conversation"}
          </Button>
          <Button size="sm" variant="outline" disabled={decision.isPending} onClick={() => decide("dismissed")}>
            <X aria-hidden />
            Dismiss
          </Button>
          <Button size="sm" variant="outline" disabled={decision.isPending || !reportedId} onClick={() => decide("hidden")}>
            <EyeOff aria-hidden />
            Hide their messages
          </Button>
          {reportedId ? (
            <span className="flex basis-full flex-wrap gap-2 sm:ml-auto sm:basis-auto">
              <Button size="sm" variant="ghost" onClick={() => onMemberAction({ action: "warn", userId: reportedId, name: report.reported.name })}>
                <TriangleAlert aria-hidden />
                Warn member
              </Button>
              <Button size="sm" variant="ghost" className="text-danger" onClick={() => onMemberAction({ action: "suspend", userId: reportedId, name: report.reported.name })}>
                <UserX aria-hidden />
                Suspend member
              </Button>
            </span>
          ) : null}
        </div>
        {decision.isError ? <Alert variant="error">{communityError(decision.error, "Failed to save the decision. Please try again.")}</Alert> : null}
      </Card>
    </article>
  );
}

/** Reported direct-message conversations: moderators read only these, and only until they decide. */
export function ReportedConversations() {
  const reports = useMessageReports();
  const [memberAction, setMemberAction] = useState<MemberActionTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (reports.isPending) return <Spinner label="Loading reported conversations" />;
  if (reports.isError) return <Alert variant="error">Failed to load the reported conversations. Please try again.</Alert>;
  const { reports: open } = reports.data;
  return (
    <div className="grid gap-4">
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {open.length === 0 ? (
        <EmptyState icon={ShieldCheck} title="No reported conversations">
          Members can report a direct-message conversation. It shows here, and you can read it until you decide; conversations nobody reported stay private.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted" data-testid="message-reports-total">{`${open.length} reported ${open.length === 1 ? "conversation" : "conversations"}, oldest first`}</p>
          {open.map((report) => (
            <ReportItem key={report.id} report={report} onMemberAction={setMemberAction} onDecided={setNotice} />
          ))}
        </>
      )}
      <MemberActionDialog target={memberAction} onClose={() => setMemberAction(null)} onDone={setNotice} />
    </div>
  );
}
