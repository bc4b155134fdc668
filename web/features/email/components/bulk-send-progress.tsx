import { useEffect } from "react";
import { BULK_RECOVERY_MESSAGES } from "../../../../common/contracts/email";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useBulkSendProgress, useCancelBulkSend } from "../api";
import { bulkResult } from "../bulk-result";

/** Live progress of a bulk send (polled), Cancel while it runs, then the spec's result message. */
export function BulkSendProgressView({ sendId, onSucceeded }: { sendId: string; onSucceeded: () => void }) {
  const progress = useBulkSendProgress(sendId).data;
  const cancel = useCancelBulkSend();
  const result = progress ? bulkResult(progress) : null;
  const succeeded = result?.variant === "success";

  useEffect(() => {
    if (succeeded) onSucceeded();
  }, [succeeded, onSucceeded]);

  if (!progress) return <p className="text-sm text-muted">Starting...</p>;
  const done = progress.total - progress.pending;
  const percent = progress.total === 0 ? 100 : Math.round((done / progress.total) * 100);
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <div className="flex justify-between text-sm text-muted">
          <span>{progress.status !== "sending" ? "Finished" : progress.recovery === "waiting" ? "Waiting for recovery..." : "Sending..."}</span>
          <span data-testid="bulk-progress-count">{`${done} of ${progress.total}`}</span>
        </div>
        <div role="progressbar" aria-label="Sending progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-navy-50">
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-xs text-muted">
          {`${progress.sent} sent, ${progress.failed} failed`}
          {progress.uncertain ? `, ${progress.uncertain} may have been delivered` : ""}
          {progress.skipped ? `, ${progress.skipped} unsubscribed` : ""}
        </p>
      </div>
      {progress.status === "sending" && progress.recovery ? <Alert variant="info" data-testid="bulk-recovery">{BULK_RECOVERY_MESSAGES[progress.recovery]}</Alert> : null}
      {result ? <Alert variant={result.variant}>{result.message}</Alert> : null}
      {progress.status === "sending" ? (
        <div className="flex justify-end">
          <Button variant="outline" onClick={() => cancel.mutate(sendId)} disabled={cancel.isPending}>
            Cancel Sending
          </Button>
        </div>
      ) : null}
    </div>
  );
}
