import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { MESSAGING_MESSAGES } from "../../../../common/contracts/messages";
import { useConversation, useSendMessage } from "../api";
import { MESSAGES_TEXTS } from "../texts";
import { useMarkReadWhenSeen } from "../use-mark-read-when-seen";
import { ConversationHeader } from "./conversation-header";
import { ConversationMenu } from "./conversation-menu";
import { MessageComposer } from "./message-composer";
import { MessageList } from "./message-list";

/** One conversation: its messages in order, marked read while in view, and the composer (or why the member cannot write). */
export function ConversationView({ conversationId }: { conversationId: number }) {
  const conversation = useConversation(conversationId);
  const send = useSendMessage(conversationId);
  const pages = conversation.data?.pages ?? [];
  const newest = pages[0];
  const messages = pages.toReversed().flatMap((page) => page.messages);
  useMarkReadWhenSeen(conversationId, messages.at(-1)?.id ?? null, newest?.conversation.unread ?? 0);

  if (conversation.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner className="size-8 border-3" label="Loading the conversation" />
      </div>
    );
  }
  if (!newest) {
    // An address that names no conversation of this member (or no conversation at all) is answered alike.
    const notFound = conversation.error instanceof ApiError && [400, 404].includes(conversation.error.status);
    return (
      <div className="grid content-start justify-items-start gap-3 p-5">
        <Alert variant="error" className="w-full">
          {notFound ? MESSAGING_MESSAGES.notFound : MESSAGES_TEXTS.conversationFailed}
        </Alert>
        {notFound ? null : (
          <Button variant="outline" onClick={() => void conversation.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }

  const { other, canReply, cannotReply, blockedByMe, reportedByMe } = newest.conversation;
  return (
    <>
      <ConversationHeader person={other} actions={<ConversationMenu conversationId={conversationId} other={other} blockedByMe={blockedByMe} reportedByMe={reportedByMe} />} />
      <MessageList messages={messages} hasOlder={conversation.hasNextPage} loadingOlder={conversation.isFetchingNextPage} onLoadOlder={() => void conversation.fetchNextPage()} />
      <div className="border-t border-border bg-surface px-3 py-3 sm:px-5">
        {canReply ? (
          <MessageComposer onSend={(body) => send.mutateAsync(body)} sending={send.isPending} />
        ) : (
          <Alert variant="info">{blockedByMe ? MESSAGES_TEXTS.blockedByMe : (cannotReply ?? MESSAGING_MESSAGES.notAccepting)}</Alert>
        )}
      </div>
    </>
  );
}
