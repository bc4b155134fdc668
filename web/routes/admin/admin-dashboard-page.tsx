import { Link } from "react-router";
import { Gem, Lightbulb, Rocket, ShieldCheck, UserCheck, UserRound, Users, UserX } from "lucide-react";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { LoadState } from "../../features/admin-content/components/load-state";
import { useAdminStats } from "../../features/admin-dashboard/api";
import { MrrCard } from "../../features/admin-dashboard/components/mrr-card";
import { RecentUsersCard } from "../../features/admin-dashboard/components/recent-users-card";
import { StatGrid, type Stat } from "../../features/admin-dashboard/components/stat-grid";
import { MembersByTierChart, SignUpsChart } from "../../features/admin-dashboard/components/weekly-charts";
import { CallRequestsCard } from "../../features/call-requests/components/call-requests-card";
import { PLANS } from "../../../common/tiers";
import { paths } from "../../lib/paths";

const LOAD_FAILED = "Failed to load the dashboard. Please try again.";

/** /admin: who is there and what changed lately (spec 001 §2.3), all counted by the server. */
export function AdminDashboardPage() {
  const stats = useAdminStats();
  const data = stats.data;

  const header = (
    <PageHeader
      eyebrow="Admin"
      title="Dashboard Overview"
      description="Who is in the community, who joined and signed in lately, and how it is growing."
      actions={
        <Button asChild variant="outline">
          <Link to={paths.admin.users}>
            <Users aria-hidden />
            Manage users
          </Link>
        </Button>
      }
    />
  );

  if (!data) {
    return (
      <AppPage>
        {header}
        {stats.isPending ? (
          <PageSpinner label="Loading the dashboard" />
        ) : (
          <LoadState isPending={false} isError loadingLabel="" errorMessage={LOAD_FAILED} onRetry={() => stats.refetch()} />
        )}
      </AppPage>
    );
  }

  const { counts } = data;
  const accountStats: Stat[] = [
    { key: "total", label: "Total users", value: counts.total, icon: Users },
    { key: "active", label: "Active users", value: counts.active, icon: UserCheck, tone: "success" },
    { key: "inactive", label: "Inactive users", value: counts.inactive, icon: UserX, tone: "danger" },
    { key: "admins", label: "Admins", value: counts.admins, icon: ShieldCheck },
  ];
  const tierStats: Stat[] = [
    { key: "free", label: `${PLANS.free.name} members`, value: counts.byTier.free, icon: UserRound },
    { key: "inventor", label: `${PLANS.inventor.name} members`, value: counts.byTier.inventor, icon: Lightbulb, tone: "brass" },
    { key: "entrepreneur", label: `${PLANS.entrepreneur.name} members`, value: counts.byTier.entrepreneur, icon: Rocket, tone: "brass" },
    { key: "brand-ceo", label: `${PLANS["brand-ceo"].name} members`, value: counts.byTier["brand-ceo"], icon: Gem, tone: "brass" },
  ];

  return (
    <AppPage>
      {header}
      {stats.isError ? <LoadState isPending={false} isError loadingLabel="" errorMessage={LOAD_FAILED} onRetry={() => stats.refetch()} /> : null}
      <div className="grid gap-4">
        <StatGrid label="Accounts" stats={accountStats} />
        <StatGrid label="Members per tier" stats={tierStats} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentUsersCard
          title="Recent registrations"
          description="The 5 newest accounts."
          users={data.recentRegistrations}
          dateOf={(user) => user.createdAt}
          dateLabel="Joined"
          empty="No accounts yet."
        />
        <RecentUsersCard
          title="Recent logins"
          description="The 5 accounts that signed in most recently."
          users={data.recentLogins}
          dateOf={(user) => user.lastLogin}
          dateLabel="Last login"
          withTime
          empty="Nobody has signed in yet."
        />
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <SignUpsChart weeks={data.weeks} />
        <MrrCard mrrCentsByTier={data.mrrCentsByTier} />
      </div>
      <MembersByTierChart weeks={data.weeks} />
      <CallRequestsCard />
    </AppPage>
  );
}
