import { ExternalLink, FileText, Star } from "lucide-react";
import { ACCESS_LEVEL_LABELS, RESOURCE_CATEGORY_LABELS } from "../../../../common/content";
import type { AdminResource } from "../../../../common/contracts/resources";
import { Badge } from "../../../components/ui/badge";
import { ItemActions } from "./item-actions";

type ResourceCardProps = { resource: AdminResource; onEdit: () => void; onDelete: () => void };

/** One resource in the admin grid: type, category, who may open it, and where its file lives. */
export function ResourceCard({ resource, onEdit, onDelete }: ResourceCardProps) {
  const fileLink = resource.fileUrl ?? resource.downloadUrl;
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-5 shadow-card wrap-anywhere" data-testid="admin-resource">
      <div className="flex items-start justify-between gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-600">
          <FileText className="size-5" aria-hidden />
        </span>
        <ItemActions title={resource.title} onEdit={onEdit} onDelete={onDelete} />
      </div>
      <div className="flex flex-wrap gap-2">
        {resource.featured ? (
          <Badge variant="accent">
            <Star className="size-3 fill-current" aria-hidden />
            Featured
          </Badge>
        ) : null}
        <Badge variant={resource.tier === "brand-ceo" ? "admin" : "neutral"}>{ACCESS_LEVEL_LABELS[resource.tier]}</Badge>
      </div>
      <h4 className="text-base font-semibold text-ink">{resource.title}</h4>
      <p className="line-clamp-3 text-sm text-muted">{resource.description}</p>
      <p className="mt-auto text-xs font-medium tracking-wide text-muted uppercase">{`${resource.type} · ${RESOURCE_CATEGORY_LABELS[resource.category]}`}</p>
      {resource.fileMissing ? (
        <p className="text-sm font-medium text-danger">File missing: it was deleted from the media library</p>
      ) : fileLink ? (
        <a href={fileLink} target="_blank" rel="noopener noreferrer" className="inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-navy-700 hover:underline">
          <ExternalLink className="size-4" aria-hidden />
          Open file
          <span className="sr-only">{`of ${resource.title} (opens in a new tab)`}</span>
        </a>
      ) : (
        <p className="text-sm text-muted">No file linked yet</p>
      )}
    </article>
  );
}
