import { Tabs } from "radix-ui";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { PageSpinner } from "../../components/ui/spinner";
import { AddUserDialog } from "../../features/admin-users/components/add-user-dialog";
import { ImportMembersDialog } from "../../features/admin-users/components/import-members-dialog";
import { AuditLogPanel } from "../../features/admin-users/components/audit-log-panel";
import { DangerZoneCard } from "../../features/admin-users/components/danger-zone-card";
import { UsersPanel } from "../../features/admin-users/components/users-panel";
import { useViewer } from "../../features/session/api";

const TAB_CLASS =
  "rounded-md px-4 py-2 text-sm font-semibold text-muted transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm";

/** /admin/users: every account, what admins changed, and the danger zone (spec 001 §2.4). */
export default function AdminUsersPage() {
  const viewer = useViewer().data;
  if (!viewer) return <PageSpinner label="Loading users" />;

  return (
    <AppPage>
      <PageHeader
        eyebrow="Admin"
        title="User Management"
        description="Search every account, change roles, tiers and status, email a selection of members, and import or export members as CSV."
        actions={
          <div className="flex flex-wrap gap-2">
            <ImportMembersDialog />
            <AddUserDialog />
          </div>
        }
      />
      <Tabs.Root defaultValue="users" className="grid min-w-0 gap-6">
        <Tabs.List aria-label="User management sections" className="inline-flex w-fit gap-1 rounded-lg bg-navy-50 p-1">
          <Tabs.Trigger value="users" className={TAB_CLASS}>
            All users
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" className={TAB_CLASS}>
            Audit log
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users" className="grid min-w-0 gap-8">
          <UsersPanel viewerId={viewer.id} />
          <DangerZoneCard />
        </Tabs.Content>
        <Tabs.Content value="audit" className="min-w-0">
          <AuditLogPanel />
        </Tabs.Content>
      </Tabs.Root>
    </AppPage>
  );
}
