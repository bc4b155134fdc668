import type { DirectMessage } from "../../../../common/contracts/messages";
import { cn } from "../../../lib/cn";
import { exactDate } from "../../community/format";
import { sentAt } from "../format";
import { MESSAGES_TEXTS } from "../texts";
import { MessageText } from "./message-text";

/** One message: mine on the right, theirs on the left; a hidden or removed one says so instead of its text. */
export function MessageBubble({ message }: { message: DirectMessage }) {
  const gone = message.body === null;
  return (
    <li className={cn("flex", message.fromMe ? "justify-end" : "justify-start")} data-testid="message" data-from-me={message.fromMe}>
      <div
        className={cn(
          "flex max-w-[85%] min-w-0 flex-col gap-1 rounded-2xl px-3.5 py-2 sm:max-w-[75%]",
          gone ? "border border-dashed border-navy-200 bg-transparent text-muted" : message.fromMe ? "rounded-br-sm bg-navy-800 text-white" : "rounded-bl-sm border border-border bg-surface text-ink",
        )}
      >
        {message.body === null ? (
          <p className="text-sm italic">{message.hidden ? MESSAGES_TEXTS.hidden : MESSAGES_TEXTS.removed}</p>
        ) : (
          <MessageText text={message.body} />
        )}
        <time className={cn("text-xs", message.fromMe && !gone ? "text-navy-200" : "text-muted")} dateTime={message.createdAt} title={exactDate(message.createdAt)}>
          {sentAt(message.createdAt)}
        </time>
      </div>
    </li>
  );
}
