import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { LayoutDashboard, ShieldCheck } from "lucide-react";
import { TIER_BADGES } from "../../../common/tiers";
import { SidebarLayout } from "../../components/layout/sidebar-layout";
import { SidebarNav, type SidebarLink } from "../../components/layout/sidebar-nav";
import { Badge } from "../../components/ui/badge";
import { AccountActions } from "../../features/profile/components/account-actions";
import { SidebarIdentity } from "../../features/profile/components/sidebar-identity";
import { useViewer } from "../../features/session/api";
import { useCommunityName, useCommunityPageMeta } from "../../features/settings/community-name";
import { MembersGuard } from "../../features/session/components/members-guard";
import { SiteLogo } from "../../features/site/components/site-logo";
import { SearchBox } from "../../features/search/components/search-box";
import { SEARCH_MESSAGES } from "../../features/search/messages";
import type { MemberSectionRoute } from "../../../common/web-routes";
import { paths } from "../../lib/paths";
import { MembersDashboardPage } from "./members-dashboard-page";
import { MEMBER_SECTIONS } from "./member-sections";
import MembersAdminRedirect from "./members-admin-redirect";
import { PageSpinner } from "../../components/ui/spinner";
import { NOTIFICATION_MESSAGES } from "../../../common/contracts/notifications";
import { NotificationBell } from "../../features/notifications/components/notification-bell";
import { NotificationsLive } from "../../features/notifications/notifications-live";
import { MessagesTopBarLink } from "../../features/messages/components/messages-top-bar-link";
import { MessagesUnreadBadge } from "../../features/messages/components/messages-unread-badge";
import { useMessagesLive } from "../../features/messages/use-messages-live";

/** Keeps the messages current from the members' stream, wherever the member is in the area. */
function MessagesLive() {
  useMessagesLive();
  return null;
}

const messagesPage = { page: lazy(() => import("./messages-page")), loading: "Loading your messages" };

/** Each section's page, loaded when first opened. */
const SECTION_PAGES: Record<MemberSectionRoute, { page: LazyExoticComponent<ComponentType>; loading: string }> = {
  mastermind: { page: lazy(() => import("./mastermind-page")), loading: "Loading sessions" },
  community: { page: lazy(() => import("./community-page")), loading: "Loading the community" },
  resources: { page: lazy(() => import("./resources-page")), loading: "Loading resources" },
  training: { page: lazy(() => import("./training-page")), loading: "Loading videos" },
  account: { page: lazy(() => import("./account-page")), loading: "Loading your account" },
  search: { page: lazy(() => import("./search-page")), loading: "Loading search" },
  notifications: { page: lazy(() => import("./notifications-page")), loading: "Loading your notifications" },
  people: { page: lazy(() => import("./people-page")), loading: "Loading members" },
  "people/:id": { page: lazy(() => import("./person-page")), loading: "Loading the profile" },
  // One page for the three addresses: the list stays beside the open conversation.
  messages: messagesPage,
  "messages/:id": messagesPage,
  "messages/with/:userId": messagesPage,
};

const memberLinks: SidebarLink[] = [
  { to: paths.members.root, label: "Dashboard", icon: LayoutDashboard, end: true },
  ...MEMBER_SECTIONS.map((section) => ({
    to: `${paths.members.root}/${section.path}`,
    label: section.title,
    icon: section.icon,
    badge: section.path === "messages" ? <MessagesUnreadBadge /> : undefined,
  })),
];

const DASHBOARD_META = { title: "Members Dashboard", description: "Your sessions, community, resources, training videos and account." };
const SEARCH_META = { title: SEARCH_MESSAGES.title, description: SEARCH_MESSAGES.description };
const NOTIFICATIONS_META = { title: NOTIFICATION_MESSAGES.title, description: "Replies, mentions, likes, new sessions and more." };
const OTHER_PAGES_META: Record<string, { title: string; description: string }> = { search: SEARCH_META, notifications: NOTIFICATIONS_META };

/** The open section's title and the community's name in the browser tab. */
function useMembersPageMeta() {
  const section = useLocation().pathname.split("/")[2]?.toLowerCase();
  useCommunityPageMeta((section ? OTHER_PAGES_META[section] : undefined) ?? MEMBER_SECTIONS.find((entry) => entry.path === section) ?? DASHBOARD_META);
}

/** The members area (/members/*): sidebar shell and its pages. Loaded on demand behind MembersGuard. */
function MembersArea() {
  const viewer = useViewer().data;
  const communityName = useCommunityName();
  useMembersPageMeta();
  if (!viewer) return null;
  const links = viewer.role === "admin" ? [...memberLinks, { to: paths.admin.root, label: "Admin area", icon: ShieldCheck }] : memberLinks;

  return (
    <NotificationsLive>
      <MessagesLive />
      <SidebarLayout
        label="Members sidebar"
        topBar={
          <div className="flex min-w-0 flex-1 items-center justify-between gap-2">
            <SiteLogo tone="light" compact name={communityName} />
            <div className="flex items-center">
              <MessagesTopBarLink />
              <NotificationBell />
            </div>
          </div>
        }
        sidebar={(close) => (
          <div className="flex min-h-full flex-col gap-8 p-5">
            <div className="hidden items-center justify-between gap-2 lg:flex">
              <SiteLogo tone="light" compact onNavigate={close} name={communityName} />
              <NotificationBell onNavigate={close} />
            </div>
            <SidebarIdentity
              profile={viewer}
              title={`Welcome, ${viewer.name}`}
              badge={<Badge variant="accent">{TIER_BADGES[viewer.membershipTier]}</Badge>}
            />
            <SearchBox onSearch={close} />
            <SidebarNav label="Members" links={links} onNavigate={close} />
            <div className="mt-auto border-t border-white/10 pt-5">
              <AccountActions profile={viewer} onAction={close} />
            </div>
          </div>
        )}
      >
        <Routes>
          <Route index element={<MembersDashboardPage />} />
          {Object.entries(SECTION_PAGES).map(([path, { page: Page, loading }]) => (
            <Route
              key={path}
              path={path}
              element={
                <Suspense fallback={<PageSpinner label={loading} />}>
                  <Page />
                </Suspense>
              }
            />
          ))}
          <Route path="admin/*" element={<MembersAdminRedirect />} />
          <Route path="*" element={<Navigate to={paths.home} replace />} />
        </Routes>
      </SidebarLayout>
    </NotificationsLive>
  );
}

/** The area behind its guard; guard and area load together, after the first page. */
export default function GuardedMembersArea() {
  return (
    <MembersGuard>
      <MembersArea />
    </MembersGuard>
  );
}
