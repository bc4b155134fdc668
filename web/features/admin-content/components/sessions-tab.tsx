import { useState } from "react";
import { CalendarPlus } from "lucide-react";
import { CONTENT_MESSAGES } from "../../../../common/content";
import type { MastermindSession } from "../../../../common/contracts/sessions";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useAdminSessions, useSessionMutations } from "../api";
import { IDLE, type EditorState } from "../editor-state";
import { useNotice } from "../use-notice";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { EditorCard } from "./editor-card";
import { LoadState } from "./load-state";
import { SessionCard } from "./session-card";
import { SessionForm } from "./session-form";
import { TabHeader } from "./tab-header";

type SessionListProps = {
  heading: string;
  sessions: MastermindSession[];
  empty: string;
  onEdit: (session: MastermindSession) => void;
  onDelete: (session: MastermindSession) => void;
};

function SessionList({ heading, sessions, empty, onEdit, onDelete }: SessionListProps) {
  const headingId = `sessions-${heading.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        {heading} <span className="text-sm font-medium text-muted">({sessions.length})</span>
      </h3>
      {sessions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-navy-200 bg-surface px-4 py-6 text-center text-sm text-muted">{empty}</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {sessions.map((session) => (
            <li key={session.id}>
              <SessionCard session={session} onEdit={() => onEdit(session)} onDelete={() => onDelete(session)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Content Management → Mastermind Sessions: the form, then Upcoming (soonest first) and Past, as the server orders them. */
export function SessionsTab() {
  const sessions = useAdminSessions();
  const { remove } = useSessionMutations();
  const [editor, setEditor] = useState<EditorState<MastermindSession>>(IDLE);
  const [pendingDelete, setPendingDelete] = useState<MastermindSession | null>(null);
  const [notice, showNotice] = useNotice();

  return (
    <div className="grid gap-6">
      <TabHeader
        title="Mastermind Sessions"
        description="Schedule sessions, choose which tier may join, and add the recording once a session is over."
        action={
          editor.mode === "idle" ? (
            <Button onClick={() => setEditor({ mode: "adding" })}>
              <CalendarPlus aria-hidden />
              Add Session
            </Button>
          ) : null
        }
      />
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {editor.mode !== "idle" ? (
        <EditorCard title={editor.mode === "editing" ? `Edit “${editor.item.title}”` : "New session"}>
          <SessionForm
            key={editor.mode === "editing" ? editor.item.id : "new"}
            session={editor.mode === "editing" ? editor.item : null}
            onCancel={() => setEditor(IDLE)}
            onSaved={(saved) => {
              showNotice(`Session “${saved.title}” ${editor.mode === "editing" ? "updated" : "added"}.`);
              setEditor(IDLE);
            }}
          />
        </EditorCard>
      ) : null}
      <LoadState
        isPending={sessions.isPending}
        isError={sessions.isError}
        loadingLabel="Loading sessions"
        errorMessage="Failed to load sessions. Please try again."
        onRetry={() => sessions.refetch()}
      />
      {sessions.isSuccess ? (
        <>
          <SessionList
            heading="Upcoming"
            sessions={sessions.data.upcoming}
            empty={CONTENT_MESSAGES.noUpcomingSessions}
            onEdit={(item) => setEditor({ mode: "editing", item })}
            onDelete={setPendingDelete}
          />
          <SessionList
            heading="Past"
            sessions={sessions.data.past}
            empty={CONTENT_MESSAGES.noPastSessions}
            onEdit={(item) => setEditor({ mode: "editing", item })}
            onDelete={setPendingDelete}
          />
        </>
      ) : null}
      <ConfirmDeleteDialog
        target={pendingDelete}
        message={CONTENT_MESSAGES.confirmDeleteSession}
        onClose={() => setPendingDelete(null)}
        onConfirm={(id) => remove.mutateAsync(id)}
        onDeleted={(title) => {
          // An open form for the deleted session would save into nothing.
          if (editor.mode === "editing" && editor.item.id === pendingDelete?.id) setEditor(IDLE);
          showNotice(`Session “${title}” deleted.`);
        }}
      />
    </div>
  );
}
