import { useSearchParams } from "react-router";
import { SearchX } from "lucide-react";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Spinner } from "../../components/ui/spinner";
import { useSearch } from "../../features/search/api";
import { SearchBox } from "../../features/search/components/search-box";
import { SearchResultCard } from "../../features/search/components/search-result-card";
import { SEARCH_MESSAGES } from "../../features/search/messages";

function Results({ query }: { query: string }) {
  const search = useSearch(query);
  if (search.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 border-3" label={SEARCH_MESSAGES.loading} />
      </div>
    );
  }
  if (search.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <Alert variant="error" className="w-full">
          {SEARCH_MESSAGES.failed}
        </Alert>
        <Button variant="outline" onClick={() => void search.refetch()}>
          {SEARCH_MESSAGES.retry}
        </Button>
      </div>
    );
  }
  const { results } = search.data;
  if (results.length === 0) {
    return (
      <EmptyState icon={SearchX} title={SEARCH_MESSAGES.noResults(search.data.query)}>
        {SEARCH_MESSAGES.noResultsHint}
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4" aria-busy={search.isFetching}>
      <p className="text-sm text-muted" role="status">
        {SEARCH_MESSAGES.count(results.length, search.data.query)}
      </p>
      <ol className="grid gap-4" aria-label="Search results">
        {results.map((result) => (
          <li key={`${result.kind}-${result.id}`}>
            <SearchResultCard result={result} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** /members/search?q=: the shell's search box lands here. */
export default function SearchPage() {
  const query = (useSearchParams()[0].get("q") ?? "").trim();
  return (
    <AppPage>
      <PageHeader eyebrow="Members area" title={SEARCH_MESSAGES.title} description={SEARCH_MESSAGES.description} />
      <div className="lg:hidden">
        <SearchBox key={query} tone="page" />
      </div>
      {query ? <Results query={query} /> : <EmptyState icon={SearchX} title={SEARCH_MESSAGES.prompt} />}
    </AppPage>
  );
}
