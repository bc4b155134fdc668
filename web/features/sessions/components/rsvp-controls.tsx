import { CalendarPlus, Check, ExternalLink, Users } from "lucide-react";
import type { MastermindSession } from "../../../../common/contracts/sessions";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { sessionCalendarUrl, useRsvp } from "../api";
import { attendeeNames, goingCount } from "../format";
import { SESSION_PAGE_MESSAGES } from "../messages";

/** An upcoming session's actions: the RSVP toggle, the join link when it has one, who is coming, and the calendar file. */
export function RsvpControls({ session }: { session: MastermindSession }) {
  const rsvp = useRsvp();
  const names = session.attendees.map((attendee) => attendee.name);
  // A refusal (closed RSVPs, a plan that no longer includes the session) says why; anything else is generic.
  const error = rsvp.error instanceof ApiError && rsvp.error.status < 500 && rsvp.error.message ? rsvp.error.message : SESSION_PAGE_MESSAGES.rsvpFailed;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          aria-pressed={session.going}
          variant={session.going ? "outline" : "primary"}
          className={session.going ? "border-success/40 bg-success-soft text-success hover:bg-success-soft/70" : undefined}
          title={session.going ? "Cancel your RSVP" : undefined}
          disabled={rsvp.isPending}
          onClick={() => rsvp.mutate({ id: session.id, going: !session.going })}
        >
          {session.going ? <Check aria-hidden /> : null}
          {session.going ? "You're going" : "RSVP"}
        </Button>
        {session.joinUrl ? (
          <Button asChild variant="outline">
            <a href={session.joinUrl} target="_blank" rel="noopener noreferrer" aria-label={`Join: ${session.title} (opens in a new tab)`}>
              <ExternalLink aria-hidden />
              Join
            </a>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <a href={sessionCalendarUrl(session.id)} download>
            <CalendarPlus aria-hidden />
            Add to calendar
          </a>
        </Button>
      </div>
      {session.joinUrl ? null : <p className="text-sm text-muted">{SESSION_PAGE_MESSAGES.joinLinkLater}</p>}
      {rsvp.isError ? <Alert variant="error">{error}</Alert> : null}
      <div className="flex items-start gap-2 text-sm" data-testid="attendees">
        <Users className="mt-0.5 size-4 shrink-0 text-navy-500" aria-hidden />
        {names.length === 0 ? (
          <p className="text-muted">{SESSION_PAGE_MESSAGES.nobodyGoing}</p>
        ) : (
          <p className="text-ink">
            <span className="font-semibold">{goingCount(names.length)}</span>
            <span className="text-muted">: {attendeeNames(names)}</span>
          </p>
        )}
      </div>
    </div>
  );
}
