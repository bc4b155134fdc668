import { ShieldCheck } from "lucide-react";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { DashboardCardGrid } from "../../features/members/components/dashboard-card-grid";
import { UpcomingEvents } from "../../features/members/components/upcoming-events";
import { UpgradeCard } from "../../features/members/components/upgrade-card";
import { ADMIN_CARDS, MEMBER_CARDS } from "../../features/members/dashboard-cards";
import { useViewer } from "../../features/session/api";
import { YourCourses } from "../../features/university/components/your-courses";

/** /members: cards to each section, admin cards for admins, the free-tier upgrade card, upcoming events. */
export function MembersDashboardPage() {
  const viewer = useViewer().data;
  if (!viewer) return null;
  const firstName = viewer.name.split(" ")[0] || viewer.name;

  return (
    <AppPage>
      <PageHeader
        eyebrow="Members dashboard"
        title={`Good to see you, ${firstName}`}
        description="Everything your membership includes, one click away."
      />
      {viewer.membershipTier === "free" ? <UpgradeCard /> : null}
      <section aria-labelledby="member-cards-heading" className="grid gap-4">
        <h2 id="member-cards-heading" className="sr-only">
          Your membership
        </h2>
        <DashboardCardGrid cards={MEMBER_CARDS} />
      </section>
      {viewer.role === "admin" ? (
        <section aria-labelledby="admin-cards-heading" className="grid gap-4">
          <h2 id="admin-cards-heading" className="flex items-center gap-2 text-lg font-semibold text-ink">
            <ShieldCheck className="size-5 text-navy-600" aria-hidden />
            Admin tools
          </h2>
          <DashboardCardGrid cards={ADMIN_CARDS} />
        </section>
      ) : null}
      <UpcomingEvents />
      {viewer.membershipTier === "free" && viewer.role !== "admin" ? null : <YourCourses />}
    </AppPage>
  );
}
