import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CommunityStanding, FlagInput, MemberAction, MemberActionResult, ModerationDecision, ModerationQueue, PostModeration } from "../../../common/contracts/community";
import { getJson, requestJson } from "../../lib/api-client";
import { communityKey, feedsKey, updatePostInFeeds, updateRepliesOf } from "./feed-cache";

export const moderationQueueKey = [...communityKey, "moderation-queue"] as const;
const standingKey = [...communityKey, "standing"] as const;

/** Whether the viewer is suspended from posting, replying and liking, until when and why. */
export function useCommunityStanding() {
  return useQuery({ queryKey: standingKey, queryFn: () => getJson<CommunityStanding>("/api/community/standing") });
}

export type FlagTarget = { kind: "post"; id: number } | { kind: "reply"; id: number; postId: number };

/** Flag a post or reply; the item then shows as flagged by the viewer. */
export function useFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, input }: { target: FlagTarget; input: FlagInput }) =>
      requestJson<{ flagged: true }>("POST", `/api/community/${target.kind === "post" ? "posts" : "replies"}/${target.id}/flag`, input),
    onSuccess: (_answer, { target }) => {
      if (target.kind === "post") updatePostInFeeds(queryClient, target.id, (post) => ({ ...post, flaggedByMe: true }));
      else updateRepliesOf(queryClient, target.postId, (replies) => replies.map((reply) => (reply.id === target.id ? { ...reply, flaggedByMe: true } : reply)));
      // A third flag hides the item: the server's feed decides.
      void queryClient.invalidateQueries({ queryKey: feedsKey });
    },
  });
}

/** Admins: pin (shown first) and lock (no new replies). */
export function usePostModeration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: PostModeration }) => requestJson<null>("PATCH", `/api/admin/community/posts/${id}/moderation`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedsKey }),
  });
}

/** One page of the admin moderation queue: flagged posts and replies, oldest flag first. */
export function useModerationQueue(page: number) {
  return useQuery({
    queryKey: [...moderationQueueKey, page],
    queryFn: () => getJson<ModerationQueue>(`/api/admin/moderation/queue?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export function useModerationDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, decision }: { kind: "post" | "reply"; id: number; decision: ModerationDecision }) =>
      requestJson<null>("POST", `/api/admin/moderation/${kind === "post" ? "posts" : "replies"}/${id}/decision`, { decision }),
    // The queue, the feeds and any loaded reply list all show the item.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKey }),
  });
}

export function useMemberAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: MemberAction }) => requestJson<MemberActionResult>("POST", `/api/admin/moderation/members/${encodeURIComponent(userId)}/action`, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationQueueKey }),
  });
}

/** Admins end a suspension early. */
export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => requestJson<null>("DELETE", `/api/admin/moderation/members/${encodeURIComponent(userId)}/suspension`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationQueueKey }),
  });
}
