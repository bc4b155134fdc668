import { Bell } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { useUnreadCount } from "../api";
import { useIsNotificationStreamLive } from "../notifications-live";

/** The members' bell: the unread count, leading to /members/notifications. */
export function NotificationBell({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const live = useIsNotificationStreamLive();
  const unread = useUnreadCount(!live).data?.unread ?? 0;
  const label = unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;
  return (
    <Link
      to={paths.members.notifications}
      onClick={onNavigate}
      aria-label={label}
      title={label}
      className={cn("relative inline-flex size-10 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white", className)}
    >
      <Bell className="size-5" aria-hidden />
      {unread > 0 ? (
        <span data-testid="unread-count" className="absolute top-1 right-1 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-brass-500 px-1 text-[0.6875rem] leading-none font-bold text-navy-950" aria-hidden>
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
