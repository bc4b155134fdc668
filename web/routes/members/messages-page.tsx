import { useLocation, useParams } from "react-router";
import { MessagesSquare } from "lucide-react";
import { ConversationList } from "../../features/messages/components/conversation-list";
import { ConversationView } from "../../features/messages/components/conversation-view";
import type { MessageLinkState } from "../../features/messages/components/message-button";
import { NewConversation } from "../../features/messages/components/new-conversation";
import { MESSAGES_TEXTS } from "../../features/messages/texts";
import { cn } from "../../lib/cn";

/** Beside the list on wide screens, until a conversation is chosen. */
function ChooseConversation() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-muted">
      <MessagesSquare className="size-10 text-navy-300" aria-hidden />
      <p className="max-w-xs text-sm">{MESSAGES_TEXTS.chooseConversation}</p>
    </div>
  );
}

/** What the address opens: a conversation (/members/messages/:id), a new one (/members/messages/with/:userId), or nothing yet. */
function OpenConversation({ id, userId }: { id: string | undefined; userId: string | undefined }) {
  const state = useLocation().state as Partial<MessageLinkState> | null;
  if (userId !== undefined) return <NewConversation key={userId} userId={userId} person={state?.person ?? null} />;
  if (id !== undefined) return <ConversationView key={id} conversationId={Number(id)} />;
  return <ChooseConversation />;
}

/**
 * /members/messages, /members/messages/:id and /members/messages/with/:userId: the list beside the
 * open conversation on wide screens; on phones one screen at a time, the conversation with its way back.
 */
export default function MessagesPage() {
  const { id, userId } = useParams();
  const conversationOpen = id !== undefined || userId !== undefined;
  return (
    <div className="flex h-[calc(100dvh-3.5rem)] min-h-0 lg:h-dvh">
      <section className={cn("min-h-0 w-full flex-col border-border lg:flex lg:w-88 lg:shrink-0 lg:border-r", conversationOpen ? "hidden" : "flex")} aria-labelledby="messages-title">
        <div className="px-4 pt-6 pb-3 sm:px-6 lg:px-5">
          <h1 id="messages-title" className="text-2xl font-bold tracking-tight text-ink">
            {MESSAGES_TEXTS.title}
          </h1>
          <p className="text-sm text-muted">{MESSAGES_TEXTS.description}</p>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-6 sm:px-4 lg:px-3">
          <ConversationList />
        </div>
      </section>
      <section className={cn("min-h-0 min-w-0 flex-1 flex-col bg-background lg:flex", conversationOpen ? "flex" : "hidden")} aria-label="Conversation">
        <OpenConversation id={id} userId={userId} />
      </section>
    </div>
  );
}
