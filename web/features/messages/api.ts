import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type {
  BlockList,
  ConversationDetail,
  ConversationList,
  MessagingAbility,
  MessagingSettings,
  SentMessage,
} from "../../../common/contracts/messages";
import { getJson, requestJson } from "../../lib/api-client";

export const messagesKey = ["messages"] as const;
const conversationsKey = [...messagesKey, "conversations"] as const;
const unreadKey = [...messagesKey, "unread"] as const;
const conversationKey = (id: number) => [...messagesKey, "conversation", id] as const;
const abilityKey = (userId: string) => [...messagesKey, "with", userId] as const;
const settingsKey = [...messagesKey, "settings"] as const;
const blocksKey = [...messagesKey, "blocks"] as const;

/** Polling while the live stream is down, as the notification bell does. */
const UNREAD_POLL_MS = 30_000;

/** The member's conversations, newest first, page by page. */
export function useConversationList() {
  return useInfiniteQuery({
    queryKey: conversationsKey,
    queryFn: ({ pageParam }) => getJson<ConversationList>(`/api/messages/conversations${pageParam ? `?${new URLSearchParams({ cursor: pageParam }).toString()}` : ""}`),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** How many conversations hold unread messages; `poll` while no live stream keeps it current. */
export function useMessagesUnread(poll: boolean) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: () => getJson<{ unread: number }>("/api/messages/unread-count"),
    refetchInterval: poll ? UNREAD_POLL_MS : false,
  });
}

/** One conversation: the newest page first, then older ones (`before`); each page is oldest first. */
export function useConversation(id: number) {
  return useInfiniteQuery({
    queryKey: conversationKey(id),
    queryFn: ({ pageParam }) => getJson<ConversationDetail>(`/api/messages/conversations/${id}${pageParam ? `?before=${pageParam}` : ""}`),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.olderCursor,
  });
}

/** What "Message" on a profile may do: open the conversation, start one, or why not. */
export function useMessagingAbility(userId: string) {
  return useQuery({ queryKey: abilityKey(userId), queryFn: () => getJson<MessagingAbility>(`/api/messages/with/${encodeURIComponent(userId)}`) });
}

/** Everything messaging shows is read again: after a send, a block, a read mark, a live event. */
export function useRefreshMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: messagesKey });
}

/** Puts a sent message at the end of its conversation at once; the refresh then confirms the server's order. */
function appendSent(data: InfiniteData<ConversationDetail, number | null> | undefined, sent: SentMessage) {
  const newest = data?.pages[0];
  if (!data || !newest || newest.messages.some((message) => message.id === sent.message.id)) return data;
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, sent.message] }, ...data.pages.slice(1)] };
}

/** Sends a message in a conversation. */
export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (body: string) => requestJson<SentMessage>("POST", `/api/messages/conversations/${conversationId}/messages`, { body }),
    onSuccess: (sent) => {
      queryClient.setQueryData<InfiniteData<ConversationDetail, number | null>>(conversationKey(conversationId), (data) => appendSent(data, sent));
      return refresh();
    },
  });
}

/** The first message to a member (or the next one, when the two already have a conversation). */
export function useStartConversation(recipientId: string) {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (body: string) => requestJson<SentMessage>("POST", "/api/messages/conversations", { recipientId, body }),
    onSuccess: () => refresh(),
  });
}

/** Everything up to `lastMessageId` was seen. */
export function useMarkConversationRead(conversationId: number) {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (lastMessageId: number) => requestJson<unknown>("POST", `/api/messages/conversations/${conversationId}/read`, { lastMessageId }),
    onSuccess: () => refresh(),
  });
}

export function useReportConversation(conversationId: number) {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (reason: string) => requestJson<{ message: string }>("POST", `/api/messages/conversations/${conversationId}/report`, { reason }),
    onSuccess: () => refresh(),
  });
}

/** Blocks or unblocks a member: no messages either way while blocked. */
export function useSetBlocked() {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) => requestJson<unknown>(blocked ? "PUT" : "DELETE", `/api/messages/blocks/${encodeURIComponent(userId)}`),
    onSuccess: () => refresh(),
  });
}

export function useBlockList() {
  return useQuery({ queryKey: blocksKey, queryFn: () => getJson<BlockList>("/api/messages/blocks") });
}

export function useMessagingSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => getJson<MessagingSettings>("/api/messages/settings") });
}

export function useSaveMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: MessagingSettings) => requestJson<MessagingSettings>("PUT", "/api/messages/settings", settings),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}
