import { useEffect, useRef, useSyncExternalStore } from "react";
import { useMarkConversationRead } from "./api";

function subscribeToVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

const isPageVisible = () => document.visibilityState === "visible";

/**
 * Marks the conversation read up to its newest message while the page is in view: a message that
 * arrives in a background tab stays unread until the member comes back to it.
 */
export function useMarkReadWhenSeen(conversationId: number, lastMessageId: number | null, unread: number): void {
  const { mutate } = useMarkConversationRead(conversationId);
  const visible = useSyncExternalStore(subscribeToVisibility, isPageVisible, () => false);
  // One read mark per newest message: the refreshed conversation may still count it unread for a moment.
  const markedUpTo = useRef<number | null>(null);

  useEffect(() => {
    if (!visible || unread === 0 || lastMessageId === null || markedUpTo.current === lastMessageId) return;
    markedUpTo.current = lastMessageId;
    mutate(lastMessageId);
  }, [visible, unread, lastMessageId, mutate]);
}
