import { useIsNotificationStreamLive } from "../../notifications/notifications-live";
import { useMessagesUnread } from "../api";

/** Beside "Messages" in the members' navigation: how many conversations hold unread messages. */
export function MessagesUnreadBadge() {
  const live = useIsNotificationStreamLive();
  const unread = useMessagesUnread(!live).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span data-testid="messages-unread" className="ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brass-500 px-1.5 text-xs font-bold text-navy-950">
      <span aria-hidden>{unread > 99 ? "99+" : unread}</span>
      <span className="sr-only">{`(${unread} unread)`}</span>
    </span>
  );
}
