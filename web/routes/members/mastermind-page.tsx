import type { ReactNode } from "react";
import { CalendarDays, History, RefreshCw, type LucideIcon } from "lucide-react";
import { CONTENT_MESSAGES } from "../../../common/content";
import type { MastermindSession } from "../../../common/contracts/sessions";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageSpinner } from "../../components/ui/spinner";
import { useViewer } from "../../features/session/api";
import { useMemberSessions } from "../../features/sessions/api";
import { SessionCard } from "../../features/sessions/components/session-card";
import { SessionsUpgradePrompt } from "../../features/sessions/components/sessions-upgrade-prompt";
import { SESSION_PAGE_MESSAGES } from "../../features/sessions/messages";

type SessionListProps = { id: string; title: string; sessions: MastermindSession[]; empty: string; emptyIcon: LucideIcon };

function SessionList({ id, title, sessions, empty, emptyIcon }: SessionListProps) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {sessions.length === 0 ? (
        <EmptyState icon={emptyIcon} title={empty} />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {sessions.map((session) => (
            <li key={session.id}>
              <SessionCard session={session} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <AppPage>
      <PageHeader
        eyebrow="Members area"
        title="Mastermind Sessions"
        description="Live sessions on a video call with fellow inventors and brand owners. RSVP to save your seat and add the session to your calendar."
      />
      {children}
    </AppPage>
  );
}

/** /members/mastermind: upcoming sessions (RSVP, calendar) and past ones with their recordings. */
export default function MastermindPage() {
  const viewer = useViewer().data;
  // Free members have no sessions: an invitation to upgrade says more than two empty lists.
  const isFreeMember = viewer?.membershipTier === "free" && viewer.role !== "admin";
  const sessions = useMemberSessions(!isFreeMember);

  if (isFreeMember) {
    return (
      <Page>
        <SessionsUpgradePrompt />
      </Page>
    );
  }
  if (sessions.isPending) return <PageSpinner label="Loading sessions" />;
  if (sessions.isError) {
    return (
      <Page>
        <div className="grid justify-items-start gap-3">
          <Alert variant="error">{SESSION_PAGE_MESSAGES.loadFailed}</Alert>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </div>
      </Page>
    );
  }
  return (
    <Page>
      <SessionList id="upcoming-sessions" title="Upcoming sessions" sessions={sessions.data.upcoming} empty={CONTENT_MESSAGES.noUpcomingSessions} emptyIcon={CalendarDays} />
      <SessionList id="past-sessions" title="Past sessions" sessions={sessions.data.past} empty={CONTENT_MESSAGES.noPastSessions} emptyIcon={History} />
    </Page>
  );
}
