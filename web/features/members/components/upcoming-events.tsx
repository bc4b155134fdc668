import { CalendarDays, RefreshCw } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { useDashboard } from "../api";
import { ACCESS_LABELS, DASHBOARD_MESSAGES } from "../messages";

function EventSkeleton() {
  return (
    <li className="animate-pulse rounded-xl border border-border bg-surface p-5" aria-hidden>
      <div className="h-3 w-24 rounded bg-navy-100" />
      <div className="mt-3 h-4 w-2/3 rounded bg-navy-100" />
      <div className="mt-3 h-3 w-full rounded bg-navy-50" />
    </li>
  );
}

/** The dashboard's upcoming events for the viewer's tier: loading, empty and error states. */
export function UpcomingEvents() {
  const dashboard = useDashboard();
  return (
    <section aria-labelledby="upcoming-events-heading" className="grid gap-4">
      <h2 id="upcoming-events-heading" className="text-lg font-semibold text-ink">
        Upcoming events
      </h2>
      {dashboard.isPending ? (
        <ul className="grid gap-3" aria-busy="true" aria-label="Loading events">
          <EventSkeleton />
          <EventSkeleton />
        </ul>
      ) : dashboard.isError ? (
        <div className="grid justify-items-start gap-3">
          <Alert variant="error">{DASHBOARD_MESSAGES.eventsFailed}</Alert>
          <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </div>
      ) : dashboard.data.events.length === 0 ? (
        <EmptyState icon={CalendarDays} title="Nothing scheduled yet">
          {DASHBOARD_MESSAGES.eventsEmpty}
        </EmptyState>
      ) : (
        <ul className="grid gap-3">
          {dashboard.data.events.map((event) => (
            <li key={event.id} className="flex gap-4 rounded-xl border border-border bg-surface p-5 shadow-card wrap-anywhere">
              <span className="hidden size-11 shrink-0 items-center justify-center rounded-lg bg-brass-100 text-brass-700 sm:inline-flex">
                <CalendarDays className="size-5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="text-sm font-semibold text-brass-700">{event.dateLabel}</p>
                  <Badge>{ACCESS_LABELS[event.tier]}</Badge>
                </div>
                <h3 className="mt-1 font-semibold text-ink">{event.title}</h3>
                <p className="mt-1 text-sm text-muted">{event.description}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
