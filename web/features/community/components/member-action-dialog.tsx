import { useState, type FormEvent } from "react";
import { MAX_SUSPENSION_DAYS } from "../../../../common/contracts/community";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { ApiError } from "../../../lib/api-client";
import { TextAreaField, TextField } from "../../admin-content/components/form-controls";
import { useMemberAction } from "../moderation-api";

export type MemberActionTarget = { action: "warn" | "suspend"; userId: string; name: string };

/** Warn a member, or suspend them from posting, replying, liking and messaging for N days; the message is emailed to them. */
export function MemberActionDialog({ target, onClose, onDone }: { target: MemberActionTarget | null; onClose: () => void; onDone: (notice: string) => void }) {
  const act = useMemberAction();
  const [days, setDays] = useState("7");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<{ days?: string; message?: string; form?: string }>({});
  const suspend = target?.action === "suspend";

  function close() {
    if (act.isPending) return;
    setMessage("");
    setDays("7");
    setErrors({});
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    const count = Number(days);
    const found: typeof errors = {};
    if (!message.trim()) found.message = "Message is required";
    if (suspend && (!Number.isInteger(count) || count < 1 || count > MAX_SUSPENSION_DAYS)) found.days = `Days must be a whole number from 1 to ${MAX_SUSPENSION_DAYS}`;
    setErrors(found);
    if (found.message || found.days) return;
    try {
      const result = await act.mutateAsync({ userId: target.userId, action: suspend ? { action: "suspend", days: count, message: message.trim() } : { action: "warn", message: message.trim() } });
      const until = result.suspendedUntil ? new Date(result.suspendedUntil).toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" }) : null;
      onDone(until ? `${target.name} is suspended until ${until}. They were emailed your message.` : `${target.name} was warned by email.`);
      close();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      setErrors({ days: fields?.days, message: fields?.message, form: fields ? undefined : error instanceof ApiError && error.status < 500 ? error.message : "Failed to send. Please try again." });
    }
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent hideClose={act.isPending}>
        <DialogTitle className="pr-6">{suspend ? `Suspend ${target?.name ?? ""}` : `Warn ${target?.name ?? ""}`}</DialogTitle>
        <DialogDescription className="mt-2">
          {suspend ? "They cannot post, reply, like or send messages until the suspension ends. Your message is emailed to them with the end date." : "Your message is emailed to them. Nothing else changes."}
        </DialogDescription>
        <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
          {suspend ? <TextField label="Days" type="number" min={1} max={MAX_SUSPENSION_DAYS} inputMode="numeric" value={days} onChange={(event) => setDays(event.target.value)} error={errors.days} /> : null}
          <TextAreaField label="Message to the member" value={message} maxLength={2000} onChange={(event) => setMessage(event.target.value)} error={errors.message} autoFocus />
          {errors.form ? <Alert variant="error">{errors.form}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="outline" onClick={close} disabled={act.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant={suspend ? "danger" : "primary"} disabled={act.isPending}>
              {act.isPending ? "Sending…" : suspend ? "Suspend and email" : "Send warning"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
