import { AtSign, Bell, CalendarClock, CreditCard, FileText, GraduationCap, Heart, Mail, MessageSquareReply, Presentation, ShieldCheck, Video, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import type { Notification, NotificationEvent } from "../../../../common/contracts/notifications";
import { cn } from "../../../lib/cn";
import { exactDate, postedAgo } from "../../community/format";

const ICONS: Record<NotificationEvent, LucideIcon> = {
  "post-reply": MessageSquareReply,
  "thread-reply": MessageSquareReply,
  mention: AtSign,
  "post-like": Heart,
  "reply-like": Heart,
  "new-session": Presentation,
  "new-resource": FileText,
  "new-video": Video,
  "new-lesson": GraduationCap,
  recording: Video,
  moderation: ShieldCheck,
  billing: CreditCard,
  "session-reminder": CalendarClock,
  "session-changed": CalendarClock,
  message: Mail,
};

/** One notification: what happened, about what, when; opening it marks it read. */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (notification: Notification) => void }) {
  const Icon = ICONS[notification.event] ?? Bell;
  return (
    <li>
      <Link
        to={notification.link}
        onClick={() => onOpen(notification)}
        className={cn(
          "flex gap-3 rounded-lg px-3 py-3 transition-colors hover:bg-navy-50 focus-visible:outline-2 focus-visible:outline-navy-600 sm:px-4",
          notification.read ? "bg-transparent" : "bg-brass-50",
        )}
        data-testid="notification"
        data-read={notification.read}
      >
        <span className={cn("mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full", notification.read ? "bg-navy-50 text-navy-500" : "bg-navy-800 text-white")}>
          <Icon className="size-4.5" aria-hidden />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={cn("text-sm wrap-anywhere text-ink", notification.read ? "font-medium" : "font-semibold")}>{notification.text}</span>
          {notification.excerpt ? <span className="line-clamp-2 text-sm wrap-anywhere text-muted">{notification.excerpt}</span> : null}
          <time className="text-xs text-muted" dateTime={notification.createdAt} title={exactDate(notification.createdAt)}>
            {postedAgo(notification.createdAt)}
          </time>
        </span>
        {notification.read ? null : (
          <span className="mt-2 size-2.5 shrink-0 rounded-full bg-brass-500" aria-label="Unread" role="img" />
        )}
      </Link>
    </li>
  );
}
