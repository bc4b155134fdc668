import { Link, Navigate, useNavigate } from "react-router";
import { MessageCircle } from "lucide-react";
import { MESSAGING_MESSAGES, type MessagePerson } from "../../../../common/contracts/messages";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../lib/paths";
import { useMessagingAbility, useStartConversation } from "../api";
import { ConversationHeader } from "./conversation-header";
import { MessageComposer } from "./message-composer";

type NewConversationProps = {
  userId: string;
  /** Who they are, when the page that led here knew (a profile's "Message"); otherwise the server's answer names them. */
  person: MessagePerson | null;
};

/**
 * "Message" from a profile: the conversation the two already have, else an empty one whose first
 * message starts it, else why this member cannot be written to.
 */
export function NewConversation({ userId, person }: NewConversationProps) {
  const ability = useMessagingAbility(userId);
  const start = useStartConversation(userId);
  const navigate = useNavigate();

  if (ability.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner className="size-8 border-3" label="Opening the conversation" />
      </div>
    );
  }
  if (ability.isError) {
    return (
      <div className="grid content-start justify-items-start gap-3 p-5">
        <Alert variant="error" className="w-full">
          {ability.error.message || "We could not open this conversation. Please try again."}
        </Alert>
        <Button variant="outline" onClick={() => void ability.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { conversationId, canStart, reason } = ability.data;
  const who = person ?? ability.data.person;
  if (conversationId !== null) return <Navigate to={paths.members.conversation(conversationId)} replace />;

  async function send(body: string) {
    const sent = await start.mutateAsync(body);
    void navigate(paths.members.conversation(sent.conversationId), { replace: true });
  }

  return (
    <>
      {who ? <ConversationHeader person={who} /> : null}
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-6 sm:px-5">
        <EmptyState
          icon={MessageCircle}
          title={who ? `Write to ${who.name}` : "New conversation"}
          className="wrap-anywhere"
          action={
            reason === MESSAGING_MESSAGES.freeCannotStart ? (
              <Button asChild variant="accent">
                <Link to={paths.pricing}>View Pricing Options</Link>
              </Button>
            ) : null
          }
        >
          {canStart ? "Your first message starts the conversation." : reason}
        </EmptyState>
      </div>
      {canStart ? (
        <div className="border-t border-border bg-surface px-3 py-3 sm:px-5">
          <MessageComposer onSend={send} sending={start.isPending} />
        </div>
      ) : null}
    </>
  );
}
