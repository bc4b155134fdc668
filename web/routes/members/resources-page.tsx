import { useState } from "react";
import { FolderOpen } from "lucide-react";
import { CONTENT_MESSAGES } from "../../../common/content";
import type { Resource } from "../../../common/contracts/resources";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Spinner } from "../../components/ui/spinner";
import { FilterChips } from "../../components/ui/filter-chips";
import { useResources } from "../../features/resources/api";
import { RESOURCE_FILTERS, type ResourceFilter } from "../../features/resources/categories";
import { ResourceCard } from "../../features/resources/components/resource-card";
import { SAMPLE_RESOURCES } from "../../features/resources/sample-resources";

function ResourceGrid({ resources, offline }: { resources: readonly Resource[]; offline: boolean }) {
  if (resources.length === 0) return <EmptyState icon={FolderOpen} title={CONTENT_MESSAGES.noResourcesInCategory} />;
  return (
    <ul className="grid gap-4 md:grid-cols-2" data-testid="resource-grid">
      {resources.map((resource) => (
        <li key={resource.id}>
          <ResourceCard resource={resource} offline={offline} />
        </li>
      ))}
    </ul>
  );
}

/** /members/resources: the library by category; locked resources say which plan opens them. */
export default function ResourcesPage() {
  const [category, setCategory] = useState<ResourceFilter>("all");
  const resources = useResources(category);
  const samples = SAMPLE_RESOURCES.filter((resource) => category === "all" || resource.category === category);

  return (
    <AppPage>
      <PageHeader
        eyebrow="Members area"
        title="Resource Library"
        description="Templates, guides and tools for every stage, from first sketch to retail shelf. Your plan decides what you can download."
      />
      <FilterChips label="Filter resources by category" options={RESOURCE_FILTERS} value={category} onChange={setCategory} />
      <div className="grid gap-4" aria-busy={resources.isFetching}>
        {resources.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner className="size-8 border-3" label="Loading resources" />
          </div>
        ) : resources.isError ? (
          <>
            <Alert variant="error">{CONTENT_MESSAGES.resourcesFailed}</Alert>
            <ResourceGrid resources={samples} offline />
          </>
        ) : (
          <>
            <ResourceGrid resources={resources.data.pages.flatMap((page) => page.resources)} offline={false} />
            {resources.hasNextPage ? (
              <Button variant="outline" className="justify-self-center" disabled={resources.isFetchingNextPage} onClick={() => resources.fetchNextPage()}>
                {resources.isFetchingNextPage ? "Loading..." : "Load more resources"}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </AppPage>
  );
}
