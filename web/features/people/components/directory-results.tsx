import { UsersRound } from "lucide-react";
import { PEOPLE_MESSAGES } from "../../../../common/contracts/people";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { useDirectory, type DirectorySearch } from "../api";
import { PEOPLE_PAGE_MESSAGES } from "../messages";
import { PersonCard } from "./person-card";

/** The directory's members for a search: loading, failure with a retry, nobody found, or the cards with "Load more". */
export function DirectoryResults({ search }: { search: DirectorySearch }) {
  const directory = useDirectory(search);
  if (directory.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 border-3" label={PEOPLE_PAGE_MESSAGES.loading} />
      </div>
    );
  }
  if (directory.isError && !directory.data) {
    return (
      <div className="grid justify-items-start gap-3">
        <Alert variant="error" className="w-full">
          {PEOPLE_PAGE_MESSAGES.failed}
        </Alert>
        <Button variant="outline" onClick={() => void directory.refetch()}>
          {PEOPLE_PAGE_MESSAGES.retry}
        </Button>
      </div>
    );
  }
  const members = directory.data.pages.flatMap((page) => page.members);
  if (members.length === 0) {
    return (
      <EmptyState icon={UsersRound} title={PEOPLE_MESSAGES.noResults}>
        {PEOPLE_PAGE_MESSAGES.noResultsHint}
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4" aria-busy={directory.isFetching}>
      <ul aria-label="Members" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {members.map((member) => (
          <li key={member.id} className="min-w-0">
            <PersonCard member={member} />
          </li>
        ))}
      </ul>
      {directory.isFetchNextPageError ? <Alert variant="error">{PEOPLE_PAGE_MESSAGES.failed}</Alert> : null}
      {directory.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" disabled={directory.isFetchingNextPage} onClick={() => void directory.fetchNextPage()}>
          {directory.isFetchingNextPage ? <Spinner className="size-4 text-current" label="Loading" /> : null}
          {PEOPLE_PAGE_MESSAGES.loadMore}
        </Button>
      ) : null}
    </div>
  );
}
