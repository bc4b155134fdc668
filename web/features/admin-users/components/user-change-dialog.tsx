import { useState, type ReactNode } from "react";
import { CONTENT_MESSAGES } from "../../../../common/content";
import type { AdminUser, UserChange } from "../../../../common/contracts/users";
import { PLANS, TIERS, TIER_BADGES, type Tier } from "../../../../common/tiers";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { SelectField } from "../../admin-content/components/form-controls";
import { useUserMutations } from "../api";
import { refusalMessage, USERS_TEXT } from "../messages";
import type { UserAction } from "./user-actions-menu";

export type PendingAction = { user: AdminUser; action: UserAction };

type UserChangeDialogProps = {
  pending: PendingAction | null;
  onClose: () => void;
  /** What happened, for the page's notice. */
  onDone: (message: string) => void;
};

const TIER_OPTIONS = TIERS.map((tier) => ({ value: tier, label: PLANS[tier].name }));

type Wording = { title: string; body: ReactNode; confirm: string; danger?: boolean };

function wordingFor({ user, action }: PendingAction): Wording {
  const name = user.name;
  switch (action) {
    case "role":
      return user.role === "admin"
        ? { title: `Remove admin rights from ${name}?`, body: "They keep their account and tier but can no longer open the admin area.", confirm: "Remove admin" }
        : { title: `Make ${name} an admin?`, body: "They will be able to open the admin area and change any account, content and setting.", confirm: "Make admin" };
    case "active":
      return user.isActive
        ? { title: `Deactivate ${name}?`, body: "They are signed out at once and cannot sign in again until an admin activates the account.", confirm: "Deactivate", danger: true }
        : { title: `Activate ${name}?`, body: "They can sign in and use the members area again.", confirm: "Activate" };
    case "tier":
      return {
        title: `Change ${name}'s tier`,
        body: `Currently ${TIER_BADGES[user.membershipTier]}. A tier given here comes on top of what they pay for: while a higher paid plan lasts, they keep it.`,
        confirm: "Change tier",
      };
    case "delete":
      return {
        title: `Delete ${name}?`,
        body: (
          <>
            The account of <strong className="text-ink">{user.email}</strong> and its personal data are removed and every session ends. Their community
            posts stay, shown as ‘{CONTENT_MESSAGES.deletedMember}’. An active paid subscription is cancelled first. This cannot be undone.
          </>
        ),
        confirm: "Delete user",
        danger: true,
      };
  }
}

function changeFor({ user, action }: PendingAction, tier: Tier): UserChange {
  if (action === "role") return { role: user.role === "admin" ? "user" : "admin" };
  if (action === "active") return { isActive: !user.isActive };
  return { membershipTier: tier };
}

function doneMessage({ user, action }: PendingAction, updated: AdminUser | null, tier: Tier): string {
  if (action === "delete") return `${user.name} was deleted.`;
  if (action === "role") return updated?.role === "admin" ? `${user.name} is now an admin.` : `${user.name} is no longer an admin.`;
  if (action === "active") return updated?.isActive ? `${user.name} was activated.` : `${user.name} was deactivated and signed out.`;
  const now = updated?.membershipTier ?? tier;
  return now === tier
    ? `${user.name} is now on the ${TIER_BADGES[now]} tier.`
    : `${user.name} keeps ${TIER_BADGES[now]} while their paid plan lasts; ${TIER_BADGES[tier]} was granted on top.`;
}

/** The confirm step of every account action (spec 001 §2.4, §4); server refusals (last admin...) show in the dialog. */
export function UserChangeDialog({ pending, onClose, onDone }: UserChangeDialogProps) {
  const { change, remove } = useUserMutations();
  // The tier picked in the dialog; it starts at the member's current tier each time the dialog opens.
  const [tierChoice, setTierChoice] = useState<{ userId: string; tier: Tier } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = change.isPending || remove.isPending;
  const tier = pending && tierChoice?.userId === pending.user.id ? tierChoice.tier : (pending?.user.membershipTier ?? "free");

  function close() {
    if (busy) return;
    setError(null);
    setTierChoice(null);
    onClose();
  }

  async function confirm() {
    if (!pending) return;
    setError(null);
    try {
      let updated: AdminUser | null = null;
      if (pending.action === "delete") await remove.mutateAsync(pending.user.id);
      else updated = await change.mutateAsync({ id: pending.user.id, change: changeFor(pending, tier) });
      onDone(doneMessage(pending, updated, tier));
      setTierChoice(null);
      onClose();
    } catch (failure) {
      setError(refusalMessage(failure, USERS_TEXT.actionFailed));
    }
  }

  const wording = pending ? wordingFor(pending) : null;
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent hideClose={busy}>
        {wording && pending ? (
          <>
            <DialogTitle className="pr-6">{wording.title}</DialogTitle>
            <DialogDescription className="mt-2">{wording.body}</DialogDescription>
            {pending.action === "tier" ? (
              <SelectField
                className="mt-5"
                label="New tier"
                options={TIER_OPTIONS}
                value={tier}
                onChange={(event) => setTierChoice({ userId: pending.user.id, tier: event.target.value as Tier })}
                disabled={busy}
              />
            ) : null}
            {error ? (
              <Alert variant="error" className="mt-4">
                {error}
              </Alert>
            ) : null}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Button variant="outline" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button variant={wording.danger ? "danger" : "primary"} onClick={confirm} disabled={busy}>
                {busy ? "Saving..." : wording.confirm}
              </Button>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
