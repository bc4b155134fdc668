import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { UnreadCount } from "../../../common/contracts/notifications";
import { notificationsKey, unreadKey } from "./api";

/**
 * Keeps the bell and the lists current through the server's event stream (README: Notifications).
 * The browser's EventSource reconnects by itself and sends Last-Event-ID, so nothing is missed or
 * shown twice; while it is not open, `live` is false and the bell polls instead.
 */
export function useNotificationStream(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/notifications/stream");
    const refreshLists = () => queryClient.invalidateQueries({ queryKey: [...notificationsKey, "list"] });
    const setUnread = (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as UnreadCount;
      queryClient.setQueryData(unreadKey, { unread: data.unread });
    };
    source.addEventListener("ready", (event) => {
      setLive(true);
      setUnread(event);
      // Whatever happened while the stream was being opened is in the lists read now.
      void refreshLists();
    });
    source.addEventListener("notification", (event) => {
      setUnread(event);
      void refreshLists();
    });
    source.addEventListener("read", (event) => {
      setUnread(event);
      void refreshLists();
    });
    source.addEventListener("resync", () => void queryClient.invalidateQueries({ queryKey: notificationsKey }));
    source.addEventListener("error", () => setLive(false));
    return () => source.close();
  }, [queryClient]);

  return live;
}
