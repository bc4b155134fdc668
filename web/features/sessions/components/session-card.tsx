import { CalendarDays, Clock, MapPin, PlayCircle, UserRound } from "lucide-react";
import { ACCESS_LEVEL_LABELS } from "../../../../common/content";
import type { MastermindSession } from "../../../../common/contracts/sessions";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { formatSessionDay } from "../format";
import { SESSION_PAGE_MESSAGES } from "../messages";
import { RsvpControls } from "./rsvp-controls";

function PastSessionAction({ session }: { session: MastermindSession }) {
  if (!session.recordingUrl) return <p className="text-sm text-muted">{SESSION_PAGE_MESSAGES.noRecording}</p>;
  return (
    <Button asChild variant="outline">
      <a href={session.recordingUrl} target="_blank" rel="noopener noreferrer" aria-label={`Watch the recording: ${session.title}`}>
        <PlayCircle aria-hidden />
        Watch the recording
      </a>
    </Button>
  );
}

/** One session of the members' list: its details, tier badge, and RSVP or recording. */
export function SessionCard({ session }: { session: MastermindSession }) {
  const details = [
    { icon: CalendarDays, label: "Date", value: formatSessionDay(session.date) },
    { icon: Clock, label: "Time", value: session.time },
    { icon: MapPin, label: "Location", value: session.location },
    { icon: UserRound, label: "Facilitator", value: session.facilitator },
  ].filter((detail) => detail.value);

  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-surface p-5 shadow-card wrap-anywhere sm:p-6" data-testid={`session-${session.id}`} aria-labelledby={`session-${session.id}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={session.tier === "brand-ceo" ? "admin" : "neutral"}>{ACCESS_LEVEL_LABELS[session.tier]}</Badge>
        {session.isPast ? <Badge>Past session</Badge> : <Badge variant="success">Upcoming</Badge>}
      </div>
      <h3 id={`session-${session.id}-title`} className="mt-3 text-lg leading-snug font-semibold text-ink">
        {session.title}
      </h3>
      <dl className="mt-3 grid gap-2 text-sm">
        {details.map((detail) => (
          <div key={detail.label} className="flex items-start gap-2">
            <dt>
              <detail.icon className="mt-0.5 size-4 text-navy-500" aria-hidden />
              <span className="sr-only">{detail.label}</span>
            </dt>
            <dd className="min-w-0 break-words text-ink">{detail.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm leading-relaxed whitespace-pre-line text-muted">{session.description}</p>
      <div className="mt-auto pt-5">{session.isPast ? <PastSessionAction session={session} /> : <RsvpControls session={session} />}</div>
    </article>
  );
}
