import { Link } from "react-router";
import { FileText, Lock, MessageSquare, MessagesSquare, Presentation, Video, type LucideIcon } from "lucide-react";
import { ACCESS_LEVEL_LABELS } from "../../../../common/content";
import type { SearchKind, SearchResult } from "../../../../common/contracts/search";
import { PLANS } from "../../../../common/tiers";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { KIND_LABELS } from "../messages";
import { MarkedText } from "./marked-text";

const KIND_ICONS: Record<SearchKind, LucideIcon> = {
  post: MessagesSquare,
  reply: MessageSquare,
  resource: FileText,
  video: Video,
  session: Presentation,
};

/** Where each kind is listed, with its own filters and actions (download, play, RSVP, reply). */
const KIND_PAGES: Record<SearchKind, { to: string; label: string }> = {
  post: { to: paths.members.community, label: "Open the community" },
  reply: { to: paths.members.community, label: "Open the community" },
  resource: { to: paths.members.resources, label: "Open the resource library" },
  video: { to: paths.members.training, label: "Open training videos" },
  session: { to: paths.members.mastermind, label: "Open mastermind sessions" },
};

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** One search result: what it is, the matched words marked, and where to open it (or the plan that unlocks it). */
export function SearchResultCard({ result }: { result: SearchResult }) {
  const Icon = result.locked ? Lock : KIND_ICONS[result.kind];
  const page = KIND_PAGES[result.kind];
  return (
    <article className="flex gap-4 rounded-xl border border-border bg-surface p-5 shadow-card wrap-anywhere" data-testid="search-result" data-kind={result.kind} data-locked={result.locked}>
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-600">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          <Badge>{KIND_LABELS[result.kind]}</Badge>
          <Badge variant={result.locked ? "accent" : "neutral"}>{ACCESS_LEVEL_LABELS[result.level]}</Badge>
          <time dateTime={result.date}>{dateFormat.format(new Date(result.date))}</time>
        </div>
        <h2 className="font-semibold text-ink">
          <MarkedText pieces={result.title} />
        </h2>
        <p className="text-sm text-muted">
          <MarkedText pieces={result.snippet} />
        </p>
        <div className="flex flex-wrap items-center gap-3 pt-1">
          {result.locked && result.requiredPlan ? (
            <>
              <p className="inline-flex items-center gap-2 text-sm font-medium text-brass-700">
                <Lock className="size-4 shrink-0" aria-hidden />
                Requires {PLANS[result.requiredPlan].name}
              </p>
              <Button asChild size="sm" variant="accent">
                <Link to={paths.checkout(result.requiredPlan)}>Upgrade Now</Link>
              </Button>
            </>
          ) : (
            <Link to={page.to} className="text-sm font-semibold text-navy-700 hover:underline">
              {page.label}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
