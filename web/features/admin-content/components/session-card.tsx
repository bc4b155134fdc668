import { CalendarDays, MapPin, PlayCircle, UserRound, Users } from "lucide-react";
import { ACCESS_LEVEL_LABELS } from "../../../../common/content";
import type { MastermindSession } from "../../../../common/contracts/sessions";
import { Badge } from "../../../components/ui/badge";
import { formatCalendarDay } from "../format";
import { ItemActions } from "./item-actions";

type SessionCardProps = { session: MastermindSession; onEdit: () => void; onDelete: () => void };

/** One session in the admin lists: what members will see, plus Edit and Delete. */
export function SessionCard({ session, onEdit, onDelete }: SessionCardProps) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-5 shadow-card wrap-anywhere" data-testid="admin-session">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap gap-2">
            <Badge variant={session.tier === "brand-ceo" ? "admin" : "neutral"}>{ACCESS_LEVEL_LABELS[session.tier]}</Badge>
            {session.isPast ? <Badge>Past</Badge> : <Badge variant="success">Upcoming</Badge>}
          </div>
          <h4 className="text-base font-semibold text-ink">{session.title}</h4>
        </div>
        <ItemActions title={session.title} onEdit={onEdit} onDelete={onDelete} />
      </div>
      <p className="line-clamp-3 text-sm text-muted">{session.description}</p>
      <dl className="mt-auto grid gap-1.5 text-sm text-ink">
        <div className="flex items-start gap-2">
          <dt>
            <CalendarDays className="mt-0.5 size-4 text-navy-500" aria-hidden />
            <span className="sr-only">When</span>
          </dt>
          <dd>{`${formatCalendarDay(session.date)} · ${session.time}`}</dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <MapPin className="mt-0.5 size-4 text-navy-500" aria-hidden />
            <span className="sr-only">Location</span>
          </dt>
          <dd>{session.location}</dd>
        </div>
        {session.facilitator ? (
          <div className="flex items-start gap-2">
            <dt>
              <UserRound className="mt-0.5 size-4 text-navy-500" aria-hidden />
              <span className="sr-only">Facilitator</span>
            </dt>
            <dd>{session.facilitator}</dd>
          </div>
        ) : null}
        <div className="flex items-start gap-2">
          <dt>
            <Users className="mt-0.5 size-4 text-navy-500" aria-hidden />
            <span className="sr-only">Participants</span>
          </dt>
          <dd>{`${session.participants} participants · ${session.attendees.length} RSVP${session.attendees.length === 1 ? "" : "s"}`}</dd>
        </div>
      </dl>
      {session.recordingUrl ? (
        <a href={session.recordingUrl} target="_blank" rel="noopener noreferrer" className="inline-flex w-fit items-center gap-2 text-sm font-semibold text-navy-700 hover:underline">
          <PlayCircle className="size-4" aria-hidden />
          Recording
          <span className="sr-only">{`of ${session.title} (opens in a new tab)`}</span>
        </a>
      ) : null}
    </article>
  );
}
