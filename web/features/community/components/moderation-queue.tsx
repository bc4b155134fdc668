import { useId, useState } from "react";
import { Check, EyeOff, Flag, ShieldCheck, Trash2, TriangleAlert, UserCheck, UserX } from "lucide-react";
import type { ModerationDecision, ModerationItem } from "../../../../common/contracts/community";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { ConfirmDeleteDialog } from "../../admin-content/components/confirm-delete-dialog";
import { Pager } from "../../admin-users/components/pager";
import { excerpt, exactDate, postedAgo } from "../format";
import { communityError } from "../messages";
import { useLiftSuspension, useModerationDecision, useModerationQueue } from "../moderation-api";
import { AuthorLine } from "./author-line";
import { MemberActionDialog, type MemberActionTarget } from "./member-action-dialog";

type ItemProps = {
  item: ModerationItem;
  onDelete: (item: ModerationItem) => void;
  onMemberAction: (target: MemberActionTarget) => void;
};

function QueueItem({ item, onDelete, onMemberAction }: ItemProps) {
  const nameId = useId();
  const decision = useModerationDecision();
  const lift = useLiftSuspension();
  const decide = (choice: ModerationDecision) => decision.mutate({ kind: item.kind, id: item.id, decision: choice });
  const noun = item.kind === "post" ? "Post" : "Reply";
  const authorId = item.author.id;

  return (
    <article aria-labelledby={nameId} data-testid="moderation-item">
      <Card className="grid gap-4 p-4 sm:p-6">
        <AuthorLine
          author={item.author}
          createdAt={item.createdAt}
          nameId={nameId}
          detail={item.authorEmail ?? undefined}
          badges={
            <>
              <Badge>{noun}</Badge>
              {item.hidden ? (
                <Badge variant="admin">
                  <EyeOff className="size-3" aria-hidden />
                  Hidden from members
                </Badge>
              ) : null}
              {item.authorSuspendedUntil ? <Badge variant="accent">{`Suspended until ${exactDate(item.authorSuspendedUntil)}`}</Badge> : null}
            </>
          }
        />
        <p className="rounded-lg bg-navy-50/60 p-3 text-sm wrap-anywhere whitespace-pre-wrap text-ink" data-testid="moderation-content">
          {item.content}
        </p>
        <div className="grid gap-2">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-ink">
            <Flag className="size-4 text-danger" aria-hidden />
            {`${item.flags.length} ${item.flags.length === 1 ? "flag" : "flags"}`}
          </h3>
          <ul className="grid gap-1.5" aria-label={`Flags on this ${noun.toLowerCase()}`}>
            {item.flags.map((flag, index) => (
              <li key={index} className="text-sm wrap-anywhere text-ink">
                <span className="font-medium">{flag.by}</span>
                <span className="text-muted">{` · ${postedAgo(flag.createdAt)}: `}</span>
                {flag.reason}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2 border-t border-border pt-3">
          <Button size="sm" variant="outline" disabled={decision.isPending} onClick={() => decide("approve")}>
            <Check aria-hidden />
            Approve
          </Button>
          <Button size="sm" variant="outline" disabled={decision.isPending || item.hidden} onClick={() => decide("hide")}>
            <EyeOff aria-hidden />
            Hide
          </Button>
          <Button size="sm" variant="outline" className="text-danger" disabled={decision.isPending} onClick={() => onDelete(item)}>
            <Trash2 aria-hidden />
            Delete
          </Button>
          {authorId ? (
            <span className="flex basis-full flex-wrap gap-2 sm:ml-auto sm:basis-auto">
              <Button size="sm" variant="ghost" onClick={() => onMemberAction({ action: "warn", userId: authorId, name: item.author.name })}>
                <TriangleAlert aria-hidden />
                Warn author
              </Button>
              {item.authorSuspendedUntil ? (
                <Button size="sm" variant="ghost" disabled={lift.isPending} onClick={() => lift.mutate(authorId)}>
                  <UserCheck aria-hidden />
                  Lift suspension
                </Button>
              ) : (
                <Button size="sm" variant="ghost" className="text-danger" onClick={() => onMemberAction({ action: "suspend", userId: authorId, name: item.author.name })}>
                  <UserX aria-hidden />
                  Suspend author
                </Button>
              )}
            </span>
          ) : null}
        </div>
        {decision.isError || lift.isError ? <Alert variant="error">{communityError(decision.error ?? lift.error, "Failed to save the decision. Please try again.")}</Alert> : null}
      </Card>
    </article>
  );
}

/** The admins' moderation queue: every flagged post and reply with its reasons, and the decisions. */
export function ModerationQueue() {
  const [page, setPage] = useState(1);
  const queue = useModerationQueue(page);
  const decision = useModerationDecision();
  const [pendingDelete, setPendingDelete] = useState<ModerationItem | null>(null);
  const [memberAction, setMemberAction] = useState<MemberActionTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const lastPage = queue.data ? Math.max(1, Math.ceil(queue.data.total / queue.data.pageSize)) : 1;

  // Deciding the last items of the last page leaves it empty: show the page before instead.
  if (page > lastPage && !queue.isPlaceholderData) setPage(lastPage);

  if (queue.isPending) return <Spinner label="Loading flagged posts and replies" />;
  if (queue.isError) return <Alert variant="error">Failed to load the moderation queue. Please try again.</Alert>;
  const { items, total, pageSize } = queue.data;

  return (
    <div className="grid gap-4">
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {total === 0 ? (
        <EmptyState icon={ShieldCheck} title="Nothing to review">
          Posts and replies members flag appear here with their reasons. A post or reply flagged by three established paying members is hidden until you decide; admins' words never are.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted" data-testid="moderation-total">{`${total} flagged ${total === 1 ? "item" : "items"} to review, oldest flag first`}</p>
          {items.map((item) => (
            <QueueItem key={`${item.kind}-${item.id}`} item={item} onDelete={setPendingDelete} onMemberAction={setMemberAction} />
          ))}
          <Pager page={page} pageSize={pageSize} total={total} label="Moderation queue pages" onPage={setPage} busy={queue.isPlaceholderData} />
        </>
      )}
      <ConfirmDeleteDialog
        target={pendingDelete ? { id: pendingDelete.id, title: excerpt(pendingDelete.content) } : null}
        message={pendingDelete?.kind === "post" ? "Delete this post and all its replies? This cannot be undone." : "Delete this reply? This cannot be undone."}
        onClose={() => setPendingDelete(null)}
        onConfirm={(id) => decision.mutateAsync({ kind: pendingDelete?.kind ?? "post", id, decision: "delete" })}
        onDeleted={(title) => setNotice(`Deleted “${title}”.`)}
      />
      <MemberActionDialog target={memberAction} onClose={() => setMemberAction(null)} onDone={setNotice} />
    </div>
  );
}
