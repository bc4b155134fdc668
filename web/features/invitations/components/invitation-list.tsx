import { useState } from "react";
import { MailPlus } from "lucide-react";
import type { Invitation } from "../../../../common/contracts/invitations";
import { PLANS } from "../../../../common/tiers";
import { Alert } from "../../../components/ui/alert";
import { Badge, type BadgeProps } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { useTimers } from "../../../lib/use-timers";
import { formatLongDate } from "../../billing/format";
import { useInvitationMutations, useInvitations } from "../api";
import { INVITATION_NOTICE_MS, INVITATION_UI_MESSAGES as TEXT } from "../messages";

const STATUS: Record<Invitation["status"], { label: string; variant: BadgeProps["variant"] }> = {
  pending: { label: "Pending", variant: "accent" },
  accepted: { label: "Accepted", variant: "success" },
  expired: { label: "Expired", variant: "neutral" },
};

type PendingAction = { kind: "resend" | "delete"; invitation: Invitation };
type Notice = { variant: "success" | "error"; text: string };

/** Invitations, pending first then newest (the server's order); resend and delete only while pending (spec 001 §4). */
export function InvitationList() {
  const invitations = useInvitations();
  const { resend, remove } = useInvitationMutations();
  const later = useTimers();
  const [action, setAction] = useState<PendingAction | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function confirm() {
    if (!action) return;
    const { kind, invitation } = action;
    setAction(null);
    setNotice(null);
    try {
      if (kind === "resend") {
        await resend.mutateAsync(invitation);
        setNotice({ variant: "success", text: TEXT.resent });
        later(() => setNotice((current) => (current?.text === TEXT.resent ? null : current)), INVITATION_NOTICE_MS);
      } else {
        await remove.mutateAsync(invitation);
      }
    } catch {
      setNotice({ variant: "error", text: kind === "resend" ? TEXT.resendFailed : TEXT.deleteFailed });
    }
  }

  if (invitations.isPending) return <Spinner label="Loading invitations" />;
  if (invitations.isError) {
    return (
      <Alert variant="error">
        {TEXT.loadFailed}{" "}
        <Button variant="link" onClick={() => void invitations.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const list = invitations.data.invitations;
  const busy = resend.isPending || remove.isPending;

  return (
    <div className="grid gap-4">
      {notice ? <Alert variant={notice.variant}>{notice.text}</Alert> : null}
      {list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-navy-200 px-6 py-10 text-center">
          <MailPlus className="size-6 text-navy-500" aria-hidden />
          <p className="text-sm font-semibold text-ink">No invitations yet</p>
          <p className="text-sm text-muted">Invite someone above; their invitation shows here until they join.</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Invitations">
          {list.map((invitation) => (
            <li key={invitation.id} data-testid="invitation-row" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                  <span className="break-words">{invitation.name}</span>
                  <Badge variant={STATUS[invitation.status].variant}>{STATUS[invitation.status].label}</Badge>
                </p>
                <p className="text-sm break-all text-muted">{invitation.email}</p>
                <p className="mt-1 text-sm text-muted">
                  {`${PLANS[invitation.membershipTier].name} · Invited ${formatLongDate(invitation.invitedAt)}`}
                  {invitation.status === "pending" ? ` · Expires ${formatLongDate(invitation.expiresAt)}` : null}
                </p>
              </div>
              {invitation.status === "pending" ? (
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => setAction({ kind: "resend", invitation })}>
                    Resend
                  </Button>
                  <Button size="sm" variant="danger" disabled={busy} onClick={() => setAction({ kind: "delete", invitation })}>
                    Delete
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Dialog open={action !== null} onOpenChange={(open) => !open && setAction(null)}>
        <DialogContent>
          <DialogTitle>{action?.kind === "delete" ? "Delete this invitation?" : "Resend this invitation?"}</DialogTitle>
          <DialogDescription className="mt-2 break-words">
            {action?.kind === "delete"
              ? `The invitation to ${action.invitation.email} is removed and its link stops working.`
              : `${action?.invitation.email ?? ""} gets a new link; the link sent before stops working.`}
          </DialogDescription>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="outline" onClick={() => setAction(null)}>
              No
            </Button>
            <Button variant={action?.kind === "delete" ? "danger" : "primary"} onClick={() => void confirm()}>
              Yes
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
