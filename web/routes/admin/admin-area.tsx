import { lazy, Suspense } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { Globe, LayoutDashboard } from "lucide-react";
import { SidebarLayout } from "../../components/layout/sidebar-layout";
import { SidebarNav, type SidebarLink } from "../../components/layout/sidebar-nav";
import { Badge } from "../../components/ui/badge";
import { AccountActions } from "../../features/profile/components/account-actions";
import { SidebarIdentity } from "../../features/profile/components/sidebar-identity";
import { useViewer } from "../../features/session/api";
import { useCommunityName, useCommunityPageMeta } from "../../features/settings/community-name";
import { AdminGuard } from "../../features/session/components/admin-guard";
import { SiteLogo } from "../../features/site/components/site-logo";
import { paths } from "../../lib/paths";
import { AdminDashboardPage } from "./admin-dashboard-page";
import { ADMIN_SECTIONS } from "./admin-sections";
import { AdminSectionPage } from "./admin-section-page";
import { PageSpinner } from "../../components/ui/spinner";

const AdminSettingsPage = lazy(() => import("./admin-settings-page"));
const AdminContentPage = lazy(() => import("./admin-content-page"));
const AdminUsersPage = lazy(() => import("./admin-users-page"));
const AdminEmailPage = lazy(() => import("./admin-email-page"));
const AdminMediaPage = lazy(() => import("./admin-media-page"));
const AdminModerationPage = lazy(() => import("./admin-moderation-page"));
const AdminBillingPage = lazy(() => import("./admin-billing-page"));
const AdminApiPage = lazy(() => import("./admin-api-page"));

/** Sidebar links of spec 001 §2.2, in its order. */
const adminLinks: SidebarLink[] = [
  { to: paths.admin.root, label: "Dashboard Overview", icon: LayoutDashboard, end: true },
  ...ADMIN_SECTIONS.map((section) => ({ to: `${paths.admin.root}/${section.path}`, label: section.title, icon: section.icon })),
  { to: paths.home, label: "View Public Site", icon: Globe, end: true },
];

const OVERVIEW_META = { title: "Dashboard Overview", description: "Members, revenue and activity at a glance." };

/** The open screen's title and the community's name in the browser tab. */
function useAdminPageMeta() {
  const section = useLocation().pathname.split("/")[2]?.toLowerCase();
  useCommunityPageMeta(ADMIN_SECTIONS.find((entry) => entry.path === section) ?? OVERVIEW_META);
}

/** The admin area (/admin/*): sidebar shell and its screens. Loaded on demand behind AdminGuard. */
function AdminArea() {
  const viewer = useViewer().data;
  const communityName = useCommunityName();
  useAdminPageMeta();
  if (!viewer) return null;

  return (
    <SidebarLayout
      label="Admin sidebar"
      topBar={<SiteLogo tone="light" compact name={communityName} />}
      sidebar={(close) => (
        <div className="flex min-h-full flex-col gap-8 p-5">
          <SiteLogo tone="light" compact className="hidden lg:flex" onNavigate={close} name={communityName} />
          <SidebarIdentity profile={viewer} title={viewer.name} subtitle={viewer.email} badge={<Badge variant="accent">Admin</Badge>} />
          <SidebarNav label="Admin" links={adminLinks} onNavigate={close} />
          <div className="mt-auto border-t border-white/10 pt-5">
            <AccountActions profile={viewer} onAction={close} />
          </div>
        </div>
      )}
    >
      <Routes>
        <Route index element={<AdminDashboardPage />} />
        <Route
          path="settings"
          element={
            <Suspense fallback={<PageSpinner label="Loading settings" />}>
              <AdminSettingsPage />
            </Suspense>
          }
        />
        <Route
          path="users"
          element={
            <Suspense fallback={<PageSpinner label="Loading users" />}>
              <AdminUsersPage />
            </Suspense>
          }
        />
        <Route
          path="billing"
          element={
            <Suspense fallback={<PageSpinner label="Loading billing" />}>
              <AdminBillingPage />
            </Suspense>
          }
        />
        <Route
          path="content"
          element={
            <Suspense fallback={<PageSpinner label="Loading content" />}>
              <AdminContentPage />
            </Suspense>
          }
        />
        <Route
          path="email"
          element={
            <Suspense fallback={<PageSpinner label="Loading email settings" />}>
              <AdminEmailPage />
            </Suspense>
          }
        />
        <Route
          path="media"
          element={
            <Suspense fallback={<PageSpinner label="Loading media" />}>
              <AdminMediaPage />
            </Suspense>
          }
        />
        <Route
          path="moderation"
          element={
            <Suspense fallback={<PageSpinner label="Loading moderation" />}>
              <AdminModerationPage />
            </Suspense>
          }
        />
        <Route
          path="api"
          element={
            <Suspense fallback={<PageSpinner label="Loading the API reference" />}>
              <AdminApiPage />
            </Suspense>
          }
        />
        {ADMIN_SECTIONS.filter((section) => !["content", "users", "billing", "email", "media", "moderation", "api"].includes(section.path)).map((section) => (
          <Route key={section.path} path={section.path} element={<AdminSectionPage section={section} />} />
        ))}
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Routes>
    </SidebarLayout>
  );
}

/** The area behind its guard; guard and area load together, after the first page. */
export default function GuardedAdminArea() {
  return (
    <AdminGuard>
      <AdminArea />
    </AdminGuard>
  );
}
