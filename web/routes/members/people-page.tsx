import { useDeferredValue, useState } from "react";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import type { DirectorySearch } from "../../features/people/api";
import { DirectoryControls } from "../../features/people/components/directory-controls";
import { DirectoryResults } from "../../features/people/components/directory-results";
import { PEOPLE_PAGE_MESSAGES } from "../../features/people/messages";

const EVERYONE: DirectorySearch = { q: "", stage: "", expertise: "", tier: "", country: "", sort: "newest" };

/** /members/people: the member directory, searched and filtered as the member types. */
export default function PeoplePage() {
  const [search, setSearch] = useState(EVERYONE);
  // Typing stays responsive; the list follows a moment later.
  const deferred = useDeferredValue(search);
  return (
    <AppPage>
      <PageHeader eyebrow="Members area" title={PEOPLE_PAGE_MESSAGES.title} description={PEOPLE_PAGE_MESSAGES.description} />
      <DirectoryControls search={search} onChange={setSearch} />
      <DirectoryResults search={deferred} />
    </AppPage>
  );
}
