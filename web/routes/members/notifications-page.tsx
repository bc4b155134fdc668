import { useState } from "react";
import { Link } from "react-router";
import { BellOff, CheckCheck } from "lucide-react";
import { NOTIFICATION_MESSAGES } from "../../../common/contracts/notifications";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { FilterChips } from "../../components/ui/filter-chips";
import { Spinner } from "../../components/ui/spinner";
import { useMarkAllRead, useMarkRead, useNotificationList, useUnreadCount } from "../../features/notifications/api";
import { NotificationItem } from "../../features/notifications/components/notification-item";
import { useIsNotificationStreamLive } from "../../features/notifications/notifications-live";
import { paths } from "../../lib/paths";

type Filter = "all" | "unread";
const FILTERS = [
  { value: "all", label: "All" },
  { value: "unread", label: "Unread" },
] as const;

/** /members/notifications: everything the member was told, newest first, with read marks. */
export default function NotificationsPage() {
  const [filter, setFilter] = useState<Filter>("all");
  const list = useNotificationList(filter === "unread");
  const unread = useUnreadCount(!useIsNotificationStreamLive()).data?.unread ?? 0;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  return (
    <AppPage>
      <PageHeader
        title={NOTIFICATION_MESSAGES.title}
        description={
          <>
            Replies, mentions, likes, new sessions and more, as they happen.{" "}
            <Link to={`${paths.members.account}#notification-preferences`} className="font-medium text-navy-700 underline underline-offset-2 hover:text-navy-900">
              Choose what you hear about
            </Link>
          </>
        }
        actions={
          <Button variant="outline" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
            <CheckCheck className="size-4" aria-hidden />
            {NOTIFICATION_MESSAGES.markAllRead}
          </Button>
        }
      />
      <FilterChips label="Show notifications" options={FILTERS} value={filter} onChange={setFilter} />
      {markAll.isError || markRead.isError ? <Alert variant="error">We could not save that. Please try again.</Alert> : null}
      {list.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8 border-3" label="Loading your notifications" />
        </div>
      ) : list.isError ? (
        <div className="grid justify-items-start gap-3">
          <Alert variant="error" className="w-full">
            We could not load your notifications. Please try again.
          </Alert>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : notifications.length === 0 ? (
        <EmptyState icon={BellOff} title={filter === "unread" ? NOTIFICATION_MESSAGES.emptyUnread : "Nothing yet"}>
          {filter === "unread" ? null : NOTIFICATION_MESSAGES.empty}
        </EmptyState>
      ) : (
        <div className="grid gap-4">
          <ul className="grid gap-1 rounded-xl border border-border bg-surface p-1.5 sm:p-2" aria-label="Notifications">
            {notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onOpen={(opened) => (opened.read ? undefined : markRead.mutate(opened.id))} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button variant="outline" className="justify-self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? "Loading…" : "Show older notifications"}
            </Button>
          ) : null}
        </div>
      )}
    </AppPage>
  );
}
