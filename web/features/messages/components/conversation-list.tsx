import { NavLink } from "react-router";
import { MessagesSquare } from "lucide-react";
import type { ConversationSummary } from "../../../../common/contracts/messages";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { exactDate, postedAgo } from "../../community/format";
import { useConversationList } from "../api";
import { MESSAGES_TEXTS } from "../texts";
import { isDeletedMember, MemberAvatar } from "./member-avatar";

function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  const { other, lastMessage, unread } = conversation;
  return (
    <li>
      <NavLink
        to={paths.members.conversation(conversation.id)}
        data-testid="conversation"
        className={({ isActive }) =>
          cn("flex gap-3 rounded-lg px-3 py-3 transition-colors hover:bg-navy-50 focus-visible:outline-2 focus-visible:outline-navy-600", isActive ? "bg-navy-50" : unread > 0 ? "bg-brass-50" : "")
        }
      >
        <MemberAvatar person={other} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn("truncate text-sm text-ink", unread > 0 ? "font-bold" : "font-semibold", isDeletedMember(other) && "text-muted italic")}>{other.name}</span>
            <time className="shrink-0 text-xs text-muted" dateTime={conversation.lastMessageAt} title={exactDate(conversation.lastMessageAt)}>
              {postedAgo(conversation.lastMessageAt)}
            </time>
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className={cn("truncate text-sm", unread > 0 ? "font-medium text-ink" : "text-muted")}>
              {lastMessage ? `${lastMessage.fromMe ? MESSAGES_TEXTS.youPrefix : ""}${lastMessage.excerpt}` : ""}
            </span>
            {unread > 0 ? (
              <span data-testid="conversation-unread" className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brass-500 px-1.5 text-xs font-bold text-navy-950" aria-label={`${unread} unread`}>
                {unread > 99 ? "99+" : unread}
              </span>
            ) : null}
          </span>
        </span>
      </NavLink>
    </li>
  );
}

/** The member's conversations, newest first, with their unread counts; "Load more" reads the next page. */
export function ConversationList() {
  const list = useConversationList();
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];

  if (list.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner className="size-8 border-3" label="Loading your conversations" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <Alert variant="error" className="w-full">
          {MESSAGES_TEXTS.listFailed}
        </Alert>
        <Button variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (conversations.length === 0) {
    return <EmptyState icon={MessagesSquare} title={MESSAGES_TEXTS.emptyTitle}>{MESSAGES_TEXTS.emptyHint}</EmptyState>;
  }
  return (
    <div className="grid gap-3">
      <ul className="grid grid-cols-1 gap-1" aria-label="Conversations">
        {conversations.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}
