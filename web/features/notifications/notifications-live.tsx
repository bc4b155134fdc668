import { createContext, useContext, useEffect, useRef, type ReactNode } from "react";
import { useNotificationStream, type StreamSubscribe } from "./use-notification-stream";

const LiveContext = createContext<{ live: boolean; subscribe: StreamSubscribe }>({ live: false, subscribe: () => () => undefined });

/** One live stream for the whole members area; the bells read whether it is open (else they poll). */
export function NotificationsLive({ children }: { children: ReactNode }) {
  const stream = useNotificationStream();
  return <LiveContext.Provider value={stream}>{children}</LiveContext.Provider>;
}

export const useIsNotificationStreamLive = () => useContext(LiveContext).live;

/**
 * Runs `handler` for each event of this name on the members' stream (and on "ready", when it opens
 * again: what happened meanwhile is only in a fresh read). Other features' live updates ride the
 * same stream this way, without the notifications knowing them.
 */
export function useNotificationStreamEvent(name: string, handler: (data: unknown) => void): void {
  const { subscribe } = useContext(LiveContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const forward = (event: MessageEvent<string>) => latest.current(JSON.parse(event.data) as unknown);
    const unsubscribeEvent = subscribe(name, forward);
    const unsubscribeReady = subscribe("ready", () => latest.current(null));
    return () => {
      unsubscribeEvent();
      unsubscribeReady();
    };
  }, [subscribe, name]);
}
