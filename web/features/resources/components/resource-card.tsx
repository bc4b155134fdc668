import { Link } from "react-router";
import { Download, FileText, Lock, Star } from "lucide-react";
import { ACCESS_LEVEL_LABELS, CONTENT_MESSAGES, RESOURCE_CATEGORY_LABELS } from "../../../../common/content";
import type { Resource } from "../../../../common/contracts/resources";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { useAuthModal } from "../../auth/auth-modal-context";
import { useViewer } from "../../session/api";
import { RESOURCE_PAGE_MESSAGES } from "../messages";

/** Upgrade Now: a visitor is asked to log in first; a member goes to the checkout of the plan that opens it. */
function UpgradeNow({ resource }: { resource: Resource }) {
  const viewer = useViewer();
  const { openAuthModal } = useAuthModal();
  // Names the resource too: a page of cards would otherwise read as a list of identical buttons.
  const name = `${CONTENT_MESSAGES.upgradeNow}: ${resource.title}`;
  if (!viewer.data) {
    return (
      <Button variant="accent" aria-label={name} disabled={viewer.isPending} onClick={() => openAuthModal("login")}>
        {CONTENT_MESSAGES.upgradeNow}
      </Button>
    );
  }
  return (
    <Button asChild variant="accent">
      <Link to={resource.requiredPlan ? paths.checkout(resource.requiredPlan) : paths.pricing} aria-label={name}>
        {CONTENT_MESSAGES.upgradeNow}
      </Link>
    </Button>
  );
}

function ResourceAction({ resource, offline }: { resource: Resource; offline: boolean }) {
  if (offline) return <p className="text-sm text-muted">{RESOURCE_PAGE_MESSAGES.sampleNotice}</p>;
  if (resource.locked) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="inline-flex items-center gap-2 text-sm font-medium text-brass-700">
          <Lock className="size-4 shrink-0" aria-hidden />
          {resource.requiredPlan ? RESOURCE_PAGE_MESSAGES.requiresPlan(resource.requiredPlan) : null}
        </p>
        <UpgradeNow resource={resource} />
      </div>
    );
  }
  if (!resource.downloadUrl) return <p className="text-sm text-muted">{RESOURCE_PAGE_MESSAGES.noFile}</p>;
  return (
    <Button asChild>
      <a href={resource.downloadUrl} download aria-label={`Download: ${resource.title}`}>
        <Download aria-hidden />
        Download
      </a>
    </Button>
  );
}

type ResourceCardProps = {
  resource: Resource;
  /** A built-in sample shown while the library cannot be loaded: no download, no upgrade. */
  offline?: boolean;
};

/** One resource: type, category, tier and featured marker, then Download or what it takes to unlock it. */
export function ResourceCard({ resource, offline = false }: ResourceCardProps) {
  const locked = resource.locked && !offline;
  return (
    <article
      className="flex h-full flex-col rounded-xl border border-border bg-surface p-5 shadow-card wrap-anywhere sm:p-6"
      data-testid="resource-card"
      data-locked={locked}
      aria-labelledby={`resource-${resource.id}-title`}
    >
      <div className="flex items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-600">
          {locked ? <Lock className="size-5" aria-hidden /> : <FileText className="size-5" aria-hidden />}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{resource.type}</Badge>
            <Badge variant={resource.tier === "free" ? "success" : resource.tier === "brand-ceo" ? "admin" : "neutral"}>{ACCESS_LEVEL_LABELS[resource.tier]}</Badge>
            {resource.featured ? (
              <Badge variant="accent">
                <Star className="size-3 fill-current" aria-hidden />
                Featured
              </Badge>
            ) : null}
          </div>
          <h3 id={`resource-${resource.id}-title`} className="mt-2 text-base leading-snug font-semibold text-ink">
            {resource.title}
          </h3>
          <p className="mt-0.5 text-xs font-medium tracking-wide text-muted uppercase">{RESOURCE_CATEGORY_LABELS[resource.category]}</p>
        </div>
      </div>
      <p className="mt-4 text-sm leading-relaxed whitespace-pre-line text-muted">{resource.description}</p>
      <div className="mt-auto pt-5">
        <ResourceAction resource={resource} offline={offline} />
      </div>
    </article>
  );
}
