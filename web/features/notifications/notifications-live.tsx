import { createContext, useContext, type ReactNode } from "react";
import { useNotificationStream } from "./use-notification-stream";

const LiveContext = createContext(false);

/** One live stream for the whole members area; the bells read whether it is open (else they poll). */
export function NotificationsLive({ children }: { children: ReactNode }) {
  const live = useNotificationStream();
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

export const useIsNotificationStreamLive = () => useContext(LiveContext);
