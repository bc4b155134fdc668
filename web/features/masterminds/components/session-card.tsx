import { Link } from "react-router";
import { CalendarDays, Clock, Lock, MapPin, PlayCircle, UserRound, Users } from "lucide-react";
import type { PublicMastermindSession } from "../../../../common/contracts/marketing";
import { Badge } from "../../../components/ui/badge";
import { paths } from "../../../lib/paths";
import { MASTERMIND_MESSAGES, SESSION_AUDIENCE } from "../messages";

function RecordingLink({ url, title }: { url: string; title: string }) {
  const className = "inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-white hover:bg-primary-hover";
  const label = (
    <>
      <PlayCircle className="size-4" aria-hidden />
      Watch the recording
      <span className="sr-only">: {title}</span>
    </>
  );
  // Recordings in the members area stay in the app; a video host opens in a new tab.
  if (url.startsWith("/")) {
    return (
      <Link to={url} className={className}>
        {label}
      </Link>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
      {label}
    </a>
  );
}

function SessionAction({ session }: { session: PublicMastermindSession }) {
  if (session.isPast) {
    if (session.recordingUrl) return <RecordingLink url={session.recordingUrl} title={session.title} />;
    if (!session.hasRecording) return <p className="text-sm text-muted">{MASTERMIND_MESSAGES.noRecording}</p>;
    return (
      <p className="inline-flex items-center gap-2 rounded-md bg-brass-50 px-3 py-2 text-sm font-medium text-brass-700 ring-1 ring-brass-200" data-testid="recording-locked">
        <Lock className="size-4 shrink-0" aria-hidden />
        {MASTERMIND_MESSAGES.recordingLocked(session.tier)}
      </p>
    );
  }
  if (session.canAccess) {
    return (
      <Link to={paths.members.mastermind} className="inline-flex items-center gap-2 text-sm font-semibold text-navy-700 hover:underline">
        {session.hasJoinLink ? MASTERMIND_MESSAGES.joinLinkReady : MASTERMIND_MESSAGES.joinLinkLater}
      </Link>
    );
  }
  return (
    <p className="inline-flex items-center gap-2 text-sm font-medium text-muted">
      <Lock className="size-4 shrink-0" aria-hidden />
      {MASTERMIND_MESSAGES.sessionLocked(session.tier)}
    </p>
  );
}

/** One mastermind session with the spec's fields and what the viewer may do with it. */
export function SessionCard({ session }: { session: PublicMastermindSession }) {
  const details = [
    { icon: CalendarDays, label: "Date", value: session.date },
    { icon: Clock, label: "Time", value: session.time },
    { icon: MapPin, label: "Location", value: session.location },
    { icon: UserRound, label: "Facilitator", value: session.facilitator },
    { icon: Users, label: "Participants", value: `${session.participants} ${session.isPast ? "attended" : "seats"}` },
  ];
  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-surface p-6 shadow-card wrap-anywhere" data-testid={`session-${session.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={session.tier === "brand-ceo" ? "admin" : "neutral"}>{SESSION_AUDIENCE[session.tier]}</Badge>
        {session.isPast ? <Badge>Past session</Badge> : <Badge variant="success">Upcoming</Badge>}
      </div>
      <h3 className="mt-3 text-lg font-semibold text-ink">{session.title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted">{session.description}</p>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        {details.map((detail) => (
          <div key={detail.label} className="flex items-start gap-2">
            <dt>
              <detail.icon className="mt-0.5 size-4 text-navy-500" aria-hidden />
              <span className="sr-only">{detail.label}</span>
            </dt>
            <dd className="text-ink">{detail.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto pt-5">
        <SessionAction session={session} />
      </div>
    </article>
  );
}
