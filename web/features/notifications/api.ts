import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { NotificationDelivery, NotificationList, NotificationPreferences, NotificationTopic, UnreadCount } from "../../../common/contracts/notifications";
import { getJson, requestJson } from "../../lib/api-client";

export const notificationsKey = ["notifications"] as const;
const listKey = (unreadOnly: boolean) => [...notificationsKey, "list", unreadOnly] as const;
export const unreadKey = [...notificationsKey, "unread"] as const;
const preferencesKey = [...notificationsKey, "preferences"] as const;

/** Polling while the live stream is down (a proxy that cannot hold one, a reconnect in progress). */
export const UNREAD_POLL_MS = 30_000;

/** The member's notifications, newest first, page by page. */
export function useNotificationList(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: listKey(unreadOnly),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set("before", String(pageParam));
      if (unreadOnly) params.set("unread", "true");
      const query = params.toString();
      return getJson<NotificationList>(`/api/notifications${query ? `?${query}` : ""}`);
    },
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The bell's count; `poll` while no live stream keeps it current. */
export function useUnreadCount(poll: boolean) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: () => getJson<UnreadCount>("/api/notifications/unread-count"),
    refetchInterval: poll ? UNREAD_POLL_MS : false,
  });
}

/** After a read mark: the count the server answered, and the lists read again. */
function afterRead(queryClient: QueryClient, answer: UnreadCount) {
  queryClient.setQueryData(unreadKey, answer);
  return queryClient.invalidateQueries({ queryKey: [...notificationsKey, "list"] });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => requestJson<UnreadCount>("POST", `/api/notifications/${id}/read`),
    onSuccess: (answer) => afterRead(queryClient, answer),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<UnreadCount>("POST", "/api/notifications/read-all"),
    onSuccess: (answer) => afterRead(queryClient, answer),
  });
}

export function usePreferences() {
  return useQuery({ queryKey: preferencesKey, queryFn: () => getJson<NotificationPreferences>("/api/notifications/preferences") });
}

export function useSavePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topic, delivery, push }: { topic: NotificationTopic; delivery?: NotificationDelivery; push?: boolean }) =>
      requestJson<NotificationPreferences>("PUT", "/api/notifications/preferences", { topics: delivery ? { [topic]: delivery } : {}, push: push === undefined ? {} : { [topic]: push } }),
    onSuccess: (preferences) => queryClient.setQueryData(preferencesKey, preferences),
  });
}
