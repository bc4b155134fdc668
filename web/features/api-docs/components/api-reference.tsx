import { useDeferredValue, useMemo, useState } from "react";
import { SearchX } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { EmptyState } from "../../../components/ui/empty-state";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PageSpinner } from "../../../components/ui/spinner";
import { useOpenApiDocument } from "../api";
import { endpointsOf, groupedEndpoints } from "../reading";
import { AccessBadge, EndpointDetails, MethodBadge } from "./endpoint-details";

/** Every endpoint of the API by feature, searchable by path; each opens to its fields and answers. */
export function ApiReference() {
  const document = useOpenApiDocument();
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);
  const endpoints = useMemo(() => (document.data ? endpointsOf(document.data) : []), [document.data]);
  const groups = useMemo(() => groupedEndpoints(endpoints, deferredSearch), [endpoints, deferredSearch]);
  const shown = groups.reduce((count, group) => count + group.endpoints.length, 0);

  if (document.isPending) return <PageSpinner label="Loading the API description" />;
  if (document.isError) return <Alert variant="error">The API description could not be loaded: {document.error.message}. Reload the page to try again.</Alert>;

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Label htmlFor="api-search">Search by path or name</Label>
        <Input id="api-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="/api/community/posts" autoComplete="off" />
        <p className="text-sm text-muted" aria-live="polite">
          {shown === endpoints.length ? `${endpoints.length} endpoints` : `${shown} of ${endpoints.length} endpoints`}
        </p>
      </div>
      {groups.length === 0 ? (
        <EmptyState icon={SearchX} title="No endpoint matches">
          Nothing has “{deferredSearch}” in its path or name. Try part of a path, such as “posts”.
        </EmptyState>
      ) : (
        groups.map((group) => (
          <section key={group.tag} aria-labelledby={`api-tag-${group.tag}`} className="grid gap-3">
            <h2 id={`api-tag-${group.tag}`} className="text-lg font-semibold text-ink">
              {group.tag}
            </h2>
            <ul className="grid gap-2">
              {group.endpoints.map((endpoint) => (
                <li key={endpoint.id}>
                  <details className="group rounded-lg border border-border bg-surface shadow-xs">
                    <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 [&::-webkit-details-marker]:hidden">
                      <MethodBadge method={endpoint.method} />
                      <code className="min-w-0 flex-1 font-mono text-sm font-semibold break-all text-ink">{endpoint.path}</code>
                      <AccessBadge access={endpoint.access} />
                      <span className="w-full text-sm text-muted sm:pl-19">{endpoint.summary}</span>
                    </summary>
                    <EndpointDetails endpoint={endpoint} />
                  </details>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
