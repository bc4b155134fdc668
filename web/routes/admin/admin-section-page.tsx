import { Link } from "react-router";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { paths } from "../../lib/paths";
import type { AdminSection } from "./admin-sections";

/** An admin screen with its title and an honest placeholder until its feature lands. */
export function AdminSectionPage({ section }: { section: AdminSection }) {
  return (
    <AppPage>
      <PageHeader eyebrow="Admin" title={section.title} description={section.description} />
      <EmptyState
        icon={section.icon}
        title="Coming soon"
        action={
          <Button asChild variant="outline">
            <Link to={paths.admin.root}>Back to overview</Link>
          </Button>
        }
      >
        {section.comingSoon}
      </EmptyState>
    </AppPage>
  );
}
