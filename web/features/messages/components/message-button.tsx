import { Link } from "react-router";
import { MessageCircle } from "lucide-react";
import type { MessagePerson } from "../../../../common/contracts/messages";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { useMessagingAbility } from "../api";

/** What the "with" page reads from the link's state to name the member before the first message. */
export type MessageLinkState = { person: MessagePerson };

/** "Message" on a profile: shown when the viewer may start a conversation with this member or already has one. */
export function MessageButton({ person, className }: { person: MessagePerson & { id: string }; className?: string }) {
  const ability = useMessagingAbility(person.id).data;
  if (!ability || (!ability.canStart && ability.conversationId === null)) return null;
  const state: MessageLinkState = { person };
  return (
    <Button asChild className={className}>
      <Link to={ability.conversationId === null ? paths.members.messageMember(person.id) : paths.members.conversation(ability.conversationId)} state={state}>
        <MessageCircle aria-hidden />
        Message
      </Link>
    </Button>
  );
}
