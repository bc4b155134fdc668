import { useEffect, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { IMPORT_LIMITS, type MemberImport } from "../../../../common/contracts/member-transfer";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api-client";
import { isImportRunning, useConfirmImport, useMemberImport, useUploadMembers } from "../member-import-api";
import { plural } from "../messages";

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const failureText = (error: unknown) => (error instanceof ApiError && error.message ? error.message : "Something went wrong. Please try again.");

/** Step 1: the file. */
function ChooseFile({ onChecked }: { onChecked: (id: string) => void }) {
  const upload = useUploadMembers();
  const [file, setFile] = useState<File | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    const checked = await upload.mutateAsync(file).catch(() => null);
    if (checked) onChecked(checked.id);
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <p className="text-sm text-muted">
        {`A CSV file with a header row naming the columns name, email, tier (Free, Inventor, Entrepreneur or Brand CEO), joined (YYYY-MM-DD) and notes. Up to ${IMPORT_LIMITS.maxRows.toLocaleString("en-US")} members and ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB. Nothing changes until you confirm.`}
      </p>
      <FormField label="Members file" type="file" accept=".csv,text/csv" onChange={(event) => setFile(event.target.files?.[0] ?? null)} disabled={upload.isPending} />
      {upload.isError ? <Alert variant="error">{failureText(upload.error)}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={!file || upload.isPending}>
          {upload.isPending ? "Checking..." : "Check file"}
        </Button>
      </div>
    </form>
  );
}

/** Step 2: what the dry run found, and the complimentary period's last day for paid tiers. */
function DryRun({ state }: { state: MemberImport }) {
  const confirm = useConfirmImport();
  const [until, setUntil] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    await confirm.mutateAsync({ id: state.id, input: state.paidRows > 0 ? { complimentaryUntil: until } : {} }).catch(() => null);
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <ul className="grid gap-1 text-sm text-ink" data-testid="import-summary">
        <li>{`${plural(state.toCreate, "new member")} to create and invite`}</li>
        <li>{`${plural(state.unchanged, "row")} unchanged (already members with that tier)`}</li>
        <li>{`${plural(state.problemRows, "row")} with problems, skipped`}</li>
      </ul>
      {state.problems.length > 0 ? (
        <div className="max-h-64 overflow-y-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Rows with problems</caption>
            <thead className="sticky top-0 bg-navy-50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">Row</th>
                <th scope="col" className="px-3 py-2 font-semibold">Problem</th>
              </tr>
            </thead>
            <tbody>
              {state.problems.map((problem) => (
                <tr key={problem.row} className="border-t border-border/70 align-top" data-testid="import-problem">
                  <td className="px-3 py-2 font-medium whitespace-nowrap">{problem.row}</td>
                  <td className="px-3 py-2 wrap-anywhere">
                    <span className="text-muted">{problem.email ? `${problem.email}: ` : ""}</span>
                    {problem.problems.join("; ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {state.paidRows > 0 ? (
        <FormField
          label="Paid tiers are complimentary until"
          type="date"
          min={tomorrow()}
          required
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          hint={`${plural(state.paidRows, "member")} get a paid tier free of charge until this day; then they drop to Free unless they subscribe.`}
          error={confirm.error instanceof ApiError ? confirm.error.fields?.complimentaryUntil : undefined}
        />
      ) : null}
      {confirm.isError && !(confirm.error instanceof ApiError && confirm.error.fields?.complimentaryUntil) ? <Alert variant="error">{failureText(confirm.error)}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={state.toCreate === 0 || confirm.isPending}>
          {confirm.isPending ? "Starting..." : `Import ${plural(state.toCreate, "member")}`}
        </Button>
      </div>
    </form>
  );
}

/** Step 3: the job's progress, then what it did. */
function Progress({ state }: { state: MemberImport }) {
  const percent = state.toCreate === 0 ? 100 : Math.round((state.processed / state.toCreate) * 100);
  const running = isImportRunning(state);
  return (
    <div className="grid gap-3">
      <div className="h-3 overflow-hidden rounded-full bg-navy-50" role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="h-full rounded-full bg-navy-800 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-ink" aria-live="polite">
        {state.status === "running" ? `Imported ${state.processed} of ${state.toCreate}...` : `Import complete: ${plural(state.created, "member")} created, ${plural(state.unchanged + state.existed, "already a member", "already members")}, ${plural(state.problemRows, "row")} skipped.`}
      </p>
      {state.status === "done" ? (
        <p className="text-sm text-muted">{running ? `Invitations sent: ${state.invitesSent} of ${state.created}...` : `Invitations sent: ${state.invitesSent}${state.invitesFailed ? `, ${state.invitesFailed} could not be sent (see the email error log)` : ""}.`}</p>
      ) : null}
    </div>
  );
}

function ImportSteps() {
  const [importId, setImportId] = useState<string | null>(null);
  const current = useMemberImport(importId);
  const queryClient = useQueryClient();
  const state = current.data;
  const accountsCreated = state?.status === "done";
  useEffect(() => {
    if (accountsCreated) void queryClient.invalidateQueries({ queryKey: ["admin", "users"] });
  }, [accountsCreated, queryClient]);
  if (!importId || !state) return <ChooseFile onChecked={setImportId} />;
  return state.status === "checked" ? <DryRun state={state} /> : <Progress state={state} />;
}

/** Import CSV: upload, dry run, confirmation, progress (the import runs on the server whether the dialog stays open or not). */
export function ImportMembersDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden />
          Import CSV
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import members</DialogTitle>
          <DialogDescription>New members get an account without a password and an email inviting them to set one.</DialogDescription>
        </DialogHeader>
        {open ? <ImportSteps /> : null}
      </DialogContent>
    </Dialog>
  );
}
