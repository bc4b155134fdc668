import { useLayoutEffect, useRef } from "react";
import type { DirectMessage } from "../../../../common/contracts/messages";
import { Button } from "../../../components/ui/button";
import { MessageBubble } from "./message-bubble";

// Within this many pixels of an edge counts as being there: the newest messages, or time to read older ones.
const EDGE_PX = 120;

type MessageListProps = {
  /** Oldest first. */
  messages: DirectMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
};

function isAtBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
}

/**
 * The conversation, scrolled to its newest message. A new message keeps the view at the bottom when
 * the reader was there (or wrote it); older pages load on scrolling up and keep what was in view in place.
 */
export function MessageList({ messages, hasOlder, loadingOlder, onLoadOlder }: MessageListProps) {
  const container = useRef<HTMLDivElement>(null);
  const previous = useRef({ firstId: null as number | null, lastId: null as number | null, scrollHeight: 0, atBottom: true });

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const before = previous.current;
    const first = messages[0];
    const last = messages.at(-1);
    const firstId = first?.id ?? null;
    const lastId = last?.id ?? null;
    if (lastId !== before.lastId && (before.atBottom || last?.fromMe)) element.scrollTop = element.scrollHeight;
    else if (firstId !== before.firstId && lastId === before.lastId) element.scrollTop += element.scrollHeight - before.scrollHeight;
    previous.current = { firstId, lastId, scrollHeight: element.scrollHeight, atBottom: isAtBottom(element) };
  }, [messages]);

  function onScroll() {
    const element = container.current;
    if (!element) return;
    previous.current = { ...previous.current, scrollHeight: element.scrollHeight, atBottom: isAtBottom(element) };
    if (element.scrollTop < EDGE_PX && hasOlder && !loadingOlder) onLoadOlder();
  }

  return (
    <div ref={container} onScroll={onScroll} className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto px-3 py-4 sm:px-5" data-testid="message-list">
      {hasOlder ? (
        <div className="mb-4 flex justify-center">
          <Button variant="outline" size="sm" onClick={onLoadOlder} disabled={loadingOlder}>
            {loadingOlder ? "Loading…" : "Show older messages"}
          </Button>
        </div>
      ) : null}
      <ol className="grid gap-2" aria-label="Messages">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </ol>
    </div>
  );
}
