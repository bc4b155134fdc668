import { useId, useState } from "react";
import { CONTENT_MESSAGES } from "../../../../common/content";
import { ShieldOff, TriangleAlert, UserX } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { ApiError } from "../../../lib/api-client";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { useDangerZone } from "../api";
import { plural, refusalMessage, USERS_TEXT } from "../messages";

type Operation = "delete-inactive" | "reset-roles";

type Confirmation = { operation: Operation; count: number };

const OPERATIONS: Record<Operation, { label: string; summary: string; icon: typeof UserX }> = {
  "delete-inactive": {
    label: "Delete All Inactive Users",
    summary: `Removes every deactivated account and its personal data. Their posts stay as ‘${CONTENT_MESSAGES.deletedMember}’.`,
    icon: UserX,
  },
  "reset-roles": {
    label: "Reset All User Roles",
    summary: "Makes every other admin a regular user. Your own admin rights stay.",
    icon: ShieldOff,
  },
};

function confirmationText({ operation, count }: Confirmation): string {
  if (operation === "delete-inactive") {
    return count === 0
      ? "There are no inactive accounts, so nothing would be deleted."
      : `This deletes ${plural(count, "inactive account")}: their personal data is removed, their posts stay as ‘${CONTENT_MESSAGES.deletedMember}’ and active subscriptions are cancelled. Your own account is never touched. This cannot be undone.`;
  }
  return count === 0
    ? "No other account has admin rights, so nothing would change."
    : `This removes admin rights from ${plural(count, "other admin")}; they become regular users with their tiers unchanged. Your own account keeps its admin rights.`;
}

function resultText(operation: Operation, changed: number): string {
  return operation === "delete-inactive" ? `Deleted ${plural(changed, "inactive account")}.` : `Reset ${plural(changed, "account")} to the user role.`;
}

/**
 * The two bulk changes of spec 001 §2.4. The count is read right before the confirmation, which states
 * it, and sent back: the server refuses when the accounts changed in between.
 */
export function DangerZoneCard() {
  const danger = useDangerZone();
  const titleId = useId();
  const [counting, setCounting] = useState<Operation | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const mutation = confirmation?.operation === "reset-roles" ? danger.resetRoles : danger.deleteInactive;

  async function recount(operation: Operation) {
    const counts = await danger.fetchCounts();
    setConfirmation({ operation, count: operation === "delete-inactive" ? counts.inactiveUsers : counts.otherAdmins });
  }

  async function ask(operation: Operation) {
    setCounting(operation);
    setError(null);
    setResult(null);
    try {
      await recount(operation);
    } catch (failure) {
      setError(refusalMessage(failure, USERS_TEXT.countsFailed));
    } finally {
      setCounting(null);
    }
  }

  function close() {
    if (mutation.isPending) return;
    setConfirmation(null);
    setError(null);
  }

  async function confirm() {
    if (!confirmation) return;
    setError(null);
    try {
      const { changed } = await mutation.mutateAsync(confirmation.count);
      setResult(resultText(confirmation.operation, changed));
      setConfirmation(null);
    } catch (failure) {
      setError(refusalMessage(failure, USERS_TEXT.actionFailed));
      // The accounts changed since the count was read: show the new count for a fresh confirmation.
      if (failure instanceof ApiError && failure.status === 409) await recount(confirmation.operation).catch(() => undefined);
    }
  }

  return (
    <Card className="border-danger/30" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-danger">
          <TriangleAlert className="size-5" aria-hidden />
          Danger zone
        </CardTitle>
        <CardDescription>Changes to many accounts at once. Each one says how many accounts change before anything happens.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {result ? <Alert variant="success">{result}</Alert> : null}
        {error && !confirmation ? <Alert variant="error">{error}</Alert> : null}
        <ul className="grid gap-3 md:grid-cols-2">
          {(Object.keys(OPERATIONS) as Operation[]).map((operation) => {
            const { label, summary, icon: Icon } = OPERATIONS[operation];
            return (
              <li key={operation} className="flex flex-col gap-3 rounded-lg border border-border p-4">
                <div className="grid gap-1">
                  <p className="flex items-center gap-2 font-semibold text-ink">
                    <Icon className="size-4 text-danger" aria-hidden />
                    {label}
                  </p>
                  <p className="text-sm text-muted">{summary}</p>
                </div>
                <Button variant="outline" className="mt-auto border-danger/40 text-danger hover:bg-danger-soft sm:w-fit" onClick={() => ask(operation)} disabled={counting !== null}>
                  {counting === operation ? "Counting..." : label}
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>

      <Dialog open={confirmation !== null} onOpenChange={(open) => !open && close()}>
        <DialogContent hideClose={mutation.isPending}>
          {confirmation ? (
            <>
              <DialogTitle className="pr-6">{`${OPERATIONS[confirmation.operation].label}?`}</DialogTitle>
              <DialogDescription className="mt-2">{confirmationText(confirmation)}</DialogDescription>
              {error ? (
                <Alert variant="error" className="mt-4">
                  {error}
                </Alert>
              ) : null}
              <div className="mt-6 flex flex-wrap justify-end gap-3">
                <Button variant="outline" onClick={close} disabled={mutation.isPending}>
                  Cancel
                </Button>
                <Button variant="danger" onClick={confirm} disabled={mutation.isPending || confirmation.count === 0}>
                  {mutation.isPending ? "Working..." : OPERATIONS[confirmation.operation].label}
                </Button>
              </div>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
