import { Link } from "react-router";
import { CalendarCheck, Flame, MessagesSquare, Target } from "lucide-react";
import type { PublicMastermindSession } from "../../../common/contracts/marketing";
import { CtaBand } from "../../components/layout/cta-band";
import { PageBanner } from "../../components/layout/page-banner";
import { Section, SectionHeading } from "../../components/layout/section";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { useAuthModal } from "../../features/auth/auth-modal-context";
import { usePublicMasterminds } from "../../features/masterminds/api";
import { SessionCard } from "../../features/masterminds/components/session-card";
import { MASTERMIND_MESSAGES } from "../../features/masterminds/messages";
import { useViewer } from "../../features/session/api";
import { paths } from "../../lib/paths";
import { usePublicPageMeta } from "../../lib/use-page-meta";

const steps = [
  { icon: CalendarCheck, title: "Come prepared", text: "Send your biggest blocker a few days ahead: a factory quote, a pitch, a listing that will not convert." },
  { icon: Flame, title: "Take the hot seat", text: "Twenty minutes with the group's full attention. Members who have faced it tell you what they did and what it cost." },
  { icon: Target, title: "Leave with a plan", text: "Three next steps, written down, and a group that will ask about them at the next session." },
  { icon: MessagesSquare, title: "Keep the thread going", text: "Follow up in the community board between sessions and watch the recording of anything you missed." },
];

function SessionList({ sessions, empty }: { sessions: PublicMastermindSession[]; empty: string }) {
  if (sessions.length === 0) return <p className="mt-8 text-muted">{empty}</p>;
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2">
      {sessions.map((session) => (
        <li key={session.id}>
          <SessionCard session={session} />
        </li>
      ))}
    </ul>
  );
}

function AccessPanel({ hasAccess }: { hasAccess: boolean }) {
  const viewer = useViewer();
  const { openAuthModal } = useAuthModal();
  if (hasAccess) {
    return (
      <div className="flex flex-col gap-4 rounded-xl border border-success/25 bg-success-soft p-6 sm:flex-row sm:items-center" data-testid="mastermind-access" data-access="yes">
        <div className="flex-1">
          <h2 className="text-lg font-semibold text-ink">{MASTERMIND_MESSAGES.accessTitle}</h2>
          <p className="mt-1 text-sm text-ink">{MASTERMIND_MESSAGES.accessText}</p>
        </div>
        <Button asChild size="lg">
          <Link to={paths.members.mastermind}>Open my sessions</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5 rounded-xl border border-brass-200 bg-brass-50 p-6 lg:flex-row lg:items-center" data-testid="mastermind-access" data-access="no">
      <div className="flex-1">
        <h2 className="text-lg font-semibold text-ink">{MASTERMIND_MESSAGES.noAccessTitle}</h2>
        <p className="mt-1 text-sm text-ink">{MASTERMIND_MESSAGES.noAccessText}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        {viewer.data ? (
          <Button asChild size="lg">
            <Link to={paths.checkout("entrepreneur")}>Upgrade</Link>
          </Button>
        ) : (
          // Spec 000 §6: an unauthenticated visitor pressing upgrade gets the login modal.
          <Button size="lg" onClick={() => openAuthModal("login")}>
            Upgrade
          </Button>
        )}
        <Button asChild size="lg" variant="outline">
          <Link to={paths.pricingPage}>Compare plans</Link>
        </Button>
      </div>
    </div>
  );
}

/** The public Masterminds page (spec 000 §2, §6): how it works, upcoming and past sessions, gated recordings. */
export default function MastermindPage() {
  usePublicPageMeta(paths.mastermind);
  const masterminds = usePublicMasterminds();

  return (
    <>
      <PageBanner
        eyebrow="Live, small-group sessions"
        title="Mastermind"
        lead={
          <p>
            Once a month, a dozen or two inventors and Brand CEOs sit down together and work through each other&apos;s
            hardest product decisions. No lectures, no pitches: real problems, honest answers and people who will hold
            you to your next step.
          </p>
        }
      />

      <Section labelledBy="how-it-works-heading">
        <SectionHeading id="how-it-works-heading" eyebrow="How it works" title="Two hours that save you months" />
        <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-border bg-surface p-6 shadow-card">
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <step.icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold text-ink">
                <span className="mr-2 text-brass-700">{index + 1}.</span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section tone="surface" labelledBy="upcoming-heading" className="grid gap-12">
        {masterminds.isPending ? <PageSpinner label="Loading sessions" /> : null}
        {masterminds.isError ? <Alert variant="error">{MASTERMIND_MESSAGES.loadFailed}</Alert> : null}
        {masterminds.data ? (
          <>
            <AccessPanel hasAccess={masterminds.data.hasAccess} />
            <div>
              <SectionHeading id="upcoming-heading" eyebrow="Calendar" title="Upcoming sessions" />
              <SessionList sessions={masterminds.data.upcoming} empty={MASTERMIND_MESSAGES.noUpcoming} />
            </div>
            <div>
              <SectionHeading
                id="past-heading"
                eyebrow="Archive"
                title="Past sessions"
                lead="Members on the right plan can watch every recording."
              />
              <SessionList sessions={masterminds.data.past} empty={MASTERMIND_MESSAGES.noPast} />
            </div>
          </>
        ) : (
          <h2 id="upcoming-heading" className="sr-only">
            Sessions
          </h2>
        )}
      </Section>

      <CtaBand
        headingId="mastermind-cta-heading"
        title="Bring your product to the table"
        text="Mastermind seats come with the Entrepreneur and Brand CEO plans, together with the full University and the resource library."
        actions={
          <Button asChild size="lg" variant="accent">
            <Link to={paths.pricingPage}>See membership plans</Link>
          </Button>
        }
      />
    </>
  );
}
