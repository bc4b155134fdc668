import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { UnreadCount } from "../../../common/contracts/notifications";
import { notificationsKey, unreadKey } from "./api";

type StreamListener = (event: MessageEvent<string>) => void;
/** Listens to one event of the stream; returns the function that stops listening. */
export type StreamSubscribe = (name: string, listener: StreamListener) => () => void;

/**
 * Keeps the bell and the lists current through the server's event stream (README: Notifications).
 * The browser's EventSource reconnects by itself and sends Last-Event-ID, so nothing is missed or
 * shown twice; while it is not open, `live` is false and the bell polls instead. `subscribe` lets
 * other features listen to their own events on the same stream.
 */
export function useNotificationStream(): { live: boolean; subscribe: StreamSubscribe } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const source = useRef<EventSource | null>(null);
  // Listeners outlive a stream: they are attached to each one this hook opens.
  const listeners = useRef(new Set<{ name: string; listener: StreamListener }>());

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const opened = new EventSource("/api/notifications/stream");
    source.current = opened;
    for (const { name, listener } of listeners.current) opened.addEventListener(name, listener);
    const refreshLists = () => queryClient.invalidateQueries({ queryKey: [...notificationsKey, "list"] });
    const setUnread = (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as UnreadCount;
      queryClient.setQueryData(unreadKey, { unread: data.unread });
    };
    opened.addEventListener("ready", (event) => {
      setLive(true);
      setUnread(event);
      // Whatever happened while the stream was being opened is in the lists read now.
      void refreshLists();
    });
    opened.addEventListener("notification", (event) => {
      setUnread(event);
      void refreshLists();
    });
    opened.addEventListener("read", (event) => {
      setUnread(event);
      void refreshLists();
    });
    opened.addEventListener("resync", () => void queryClient.invalidateQueries({ queryKey: notificationsKey }));
    opened.addEventListener("error", () => setLive(false));
    return () => {
      opened.close();
      source.current = null;
    };
  }, [queryClient]);

  const subscribe = useCallback<StreamSubscribe>((name, listener) => {
    const entry = { name, listener };
    listeners.current.add(entry);
    source.current?.addEventListener(name, listener);
    return () => {
      listeners.current.delete(entry);
      source.current?.removeEventListener(name, listener);
    };
  }, []);

  return { live, subscribe };
}
