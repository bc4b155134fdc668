import { useState } from "react";
import { ArrowRight, History } from "lucide-react";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadState } from "../../admin-content/components/load-state";
import { useAuditLog } from "../api";
import { auditActionLabel, auditChanges, formatDateTime } from "../audit-format";
import { plural, USERS_TEXT } from "../messages";
import { Pager } from "./pager";

/** Every admin change to an account, newest first: who, what, before → after, when (issue 6). */
export function AuditLogPanel() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);

  return (
    <div className="grid gap-5">
      <LoadState isPending={log.isPending} isError={log.isError && !log.data} loadingLabel="Loading the audit log" errorMessage={USERS_TEXT.auditLoadFailed} onRetry={() => log.refetch()} />
      {log.data ? (
        log.data.entries.length === 0 ? (
          <EmptyState icon={History} title="No changes yet">
            Role, status, tier and account changes made here are recorded with who made them and when.
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-muted">{`${plural(log.data.total, "recorded change")}, newest first`}</p>
            <ol className="grid gap-3" aria-label="Audit log">
              {log.data.entries.map((entry) => {
                const changes = auditChanges(entry.before, entry.after);
                return (
                  <li
                    key={entry.id}
                    data-testid="audit-entry"
                    className="grid gap-3 rounded-xl border border-border bg-surface p-4 shadow-card md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_auto] md:items-center md:gap-6"
                  >
                    <div className="grid min-w-0 gap-0.5">
                      <p className="font-semibold text-ink">{auditActionLabel(entry.action)}</p>
                      <p className="text-sm break-words text-muted">
                        <span className="font-medium text-ink">{entry.targetEmail}</span>
                        {` by ${entry.actorEmail}`}
                      </p>
                    </div>
                    {changes.length === 0 ? (
                      <p className="text-sm text-muted">No change: the account already had this value.</p>
                    ) : (
                      <ul className="grid gap-1 text-sm">
                        {changes.map((change) => (
                          <li key={change.field} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                            <span className="text-muted">{change.field}:</span>
                            {change.before !== null ? <span className="text-muted">{change.before}</span> : null}
                            {change.before !== null && change.after !== null ? (
                              <>
                                <ArrowRight className="size-3.5 text-muted" aria-hidden />
                                <span className="sr-only">changed to</span>
                              </>
                            ) : null}
                            {change.after !== null ? <span className="font-medium text-ink">{change.after}</span> : null}
                          </li>
                        ))}
                      </ul>
                    )}
                    <time dateTime={entry.createdAt} className="text-sm whitespace-nowrap text-muted md:text-right">
                      {formatDateTime(entry.createdAt)}
                    </time>
                  </li>
                );
              })}
            </ol>
            <Pager page={page} pageSize={log.data.pageSize} total={log.data.total} label="Audit log pages" onPage={setPage} busy={log.isPlaceholderData} />
          </>
        )
      ) : null}
    </div>
  );
}
