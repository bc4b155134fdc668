import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { paths } from "../../lib/paths";
import { ADMIN_SECTIONS } from "./admin-sections";

/** /admin: the overview placeholder with a way into every admin screen. */
export function AdminDashboardPage() {
  return (
    <AppPage>
      <PageHeader
        eyebrow="Admin"
        title="Dashboard Overview"
        description="Run the community: members, content, media and mail."
      />
      <Alert variant="info">Member counts and the latest registrations and logins will appear on this page.</Alert>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.path}>
            <Link
              to={`${paths.admin.root}/${section.path}`}
              className="group flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-5 shadow-card transition-all hover:-translate-y-0.5 hover:border-navy-200 hover:shadow-md"
            >
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-navy-50 text-navy-700 group-hover:bg-primary group-hover:text-accent">
                <section.icon className="size-5" aria-hidden />
              </span>
              <span className="flex items-center gap-1.5 font-semibold text-ink">
                {section.title}
                <ArrowRight className="size-4 text-muted transition-transform group-hover:translate-x-0.5" aria-hidden />
              </span>
              <span className="text-sm text-muted">{section.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AppPage>
  );
}
