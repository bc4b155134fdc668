import { useMemo, useState } from "react";
import { ArrowDownUp, Download, Trash2 } from "lucide-react";
import { EMAIL_ERROR_TYPES, EMAIL_MESSAGES, type EmailErrorEntry } from "../../../../common/contracts/email";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { SelectField } from "../../admin-content/components/form-controls";
import { useClearErrorLog, useErrorLog } from "../api";
import { formatDateTime } from "../format-date";
import { ConfirmDialog } from "./confirm-dialog";

type TypeFilter = "ALL" | EmailErrorEntry["type"];

function matches(entry: EmailErrorEntry, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [entry.message, entry.recipient, entry.subject, entry.details].some((field) => field?.toLowerCase().includes(needle));
}

/** Saves the entries as email-error-log-{date}.json. */
function download(entries: EmailErrorEntry[]) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(entries, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `email-error-log-${new Date().toISOString().slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

/** Error Logs (spec 001 §2.7): search, type filter, sort by time, expandable details, clear all, download. */
export function ErrorLogsTab() {
  const log = useErrorLog();
  const clear = useClearErrorLog();
  const [search, setSearch] = useState("");
  const [type, setType] = useState<TypeFilter>("ALL");
  const [newestFirst, setNewestFirst] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const entries = log.data;
  const shown = useMemo(() => {
    const filtered = (entries ?? []).filter((entry) => (type === "ALL" || entry.type === type) && matches(entry, search));
    return filtered.sort((a, b) => (newestFirst ? b.timestamp.localeCompare(a.timestamp) : a.timestamp.localeCompare(b.timestamp)));
  }, [entries, type, search, newestFirst]);

  if (log.isPending) return <Spinner label="Loading error logs" />;
  if (log.isError || !entries) return <Alert variant="error">Failed to load the error log</Alert>;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid min-w-0 flex-1 basis-56 gap-1.5 text-sm font-medium text-ink">
          Search
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Message, recipient, subject or details" />
        </label>
        <SelectField label="Type" className="basis-44" options={["ALL", ...EMAIL_ERROR_TYPES].map((value) => ({ value, label: value }))} value={type} onChange={(event) => setType(event.target.value as TypeFilter)} />
        <Button variant="outline" onClick={() => setNewestFirst((current) => !current)}>
          <ArrowDownUp aria-hidden /> {newestFirst ? "Newest first" : "Oldest first"}
        </Button>
        <Button variant="outline" onClick={() => download(shown)} disabled={entries.length === 0}>
          <Download aria-hidden /> Download JSON
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(true)} disabled={entries.length === 0}>
          <Trash2 aria-hidden /> Clear All
        </Button>
      </div>
      {entries.length === 0 ? <p className="text-sm text-muted">{EMAIL_MESSAGES.noErrorsYet}</p> : shown.length === 0 ? <p className="text-sm text-muted">{EMAIL_MESSAGES.noErrorsMatch}</p> : null}
      {shown.map((entry) => (
        <Card key={entry.id} data-testid="error-log-entry">
          <CardContent className="grid gap-2 pt-4">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={entry.type === "SEND_ERROR" ? "neutral" : "accent"}>{entry.type}</Badge>
              <time className="text-xs text-muted" dateTime={entry.timestamp}>
                {formatDateTime(entry.timestamp)}
              </time>
            </div>
            <p className="font-medium break-words text-ink">{entry.message}</p>
            {entry.recipient || entry.subject ? (
              <p className="text-sm break-words text-muted">
                {entry.recipient ? `To: ${entry.recipient}` : null}
                {entry.recipient && entry.subject ? " · " : null}
                {entry.subject ? `Subject: ${entry.subject}` : null}
              </p>
            ) : null}
            {entry.details ? (
              <details className="text-sm">
                <summary className="cursor-pointer text-navy-600">Details</summary>
                <pre className="mt-2 overflow-auto rounded-md bg-navy-50 p-3 text-xs break-words whitespace-pre-wrap">{entry.details}</pre>
              </details>
            ) : null}
          </CardContent>
        </Card>
      ))}
      <ConfirmDialog
        open={confirming}
        title="Clear error logs"
        question={EMAIL_MESSAGES.clearLogsConfirm}
        confirmLabel="Clear All"
        busy={clear.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}
