import { Mail } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";
import { useIsNotificationStreamLive } from "../../notifications/notifications-live";
import { useMessagesUnread } from "../api";

/** Messages in the phone's top bar, beside the bell: the navigation that carries them sits in the closed drawer there. */
export function MessagesTopBarLink() {
  const live = useIsNotificationStreamLive();
  const unread = useMessagesUnread(!live).data?.unread ?? 0;
  const label = unread === 0 ? "Messages" : `Messages, ${unread} unread`;
  return (
    <Link
      to={paths.members.messages}
      aria-label={label}
      title={label}
      className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <Mail className="size-5" aria-hidden />
      {unread > 0 ? (
        <span className="absolute top-1 right-1 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-brass-500 px-1 text-[0.6875rem] leading-none font-bold text-navy-950" aria-hidden>
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
