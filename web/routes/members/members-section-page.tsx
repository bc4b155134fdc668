import { Link } from "react-router";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { paths } from "../../lib/paths";
import type { MemberSection } from "./member-sections";

/** A members section that has its page shell but no content yet. */
export function MembersSectionPage({ section }: { section: MemberSection }) {
  return (
    <AppPage>
      <PageHeader eyebrow="Members area" title={section.title} description={section.description} />
      <EmptyState
        icon={section.icon}
        title="Coming soon"
        action={
          <Button asChild variant="outline">
            <Link to={paths.members.root}>Back to dashboard</Link>
          </Button>
        }
      >
        {section.comingSoon}
      </EmptyState>
    </AppPage>
  );
}
