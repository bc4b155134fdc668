import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminPostEdit, AdminPostInput, FeedResponse, LikeResponse, Post, PostEdit, PostInput, Reply, ReplyInput } from "../../../common/contracts/community";
import { getJson, requestJson } from "../../lib/api-client";
import { useIdempotencyKeys } from "../../lib/idempotency-keys";
import type { FeedCategory } from "./categories";
import { feedKey, feedsKey, singlePostKey, repliesKey, updatePostInFeeds, updateRepliesOf, type RepliesData } from "./feed-cache";

function feedUrl(category: FeedCategory, cursor: string | null): string {
  const params = new URLSearchParams({ category });
  if (cursor) params.set("cursor", cursor);
  return `/api/community/posts?${params.toString()}`;
}

/**
 * The feed of one category, page by page (GET /api/community/posts): featured first, then newest,
 * in the server's order. Admins get every post; members the levels their tier opens.
 */
export function useFeed(category: FeedCategory, enabled = true) {
  return useInfiniteQuery({
    queryKey: feedKey(category),
    queryFn: ({ pageParam }) => getJson<FeedResponse>(feedUrl(category, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled,
  });
}

/** One post as a feed of one (GET /api/community/posts/:id), for `?post=` links; `null` reads nothing. */
export function useSinglePostFeed(postId: number | null) {
  return useInfiniteQuery({
    queryKey: singlePostKey(postId ?? 0),
    queryFn: async (): Promise<FeedResponse> => ({ posts: [await getJson<Post>(`/api/community/posts/${postId}`)], nextCursor: null }),
    initialPageParam: null as string | null,
    getNextPageParam: () => null,
    enabled: postId !== null,
  });
}

/** Every reply of a post, oldest first; only fetched when the feed's copy does not hold them all. */
export function useAllReplies(postId: number, enabled: boolean) {
  return useQuery({
    queryKey: repliesKey(postId),
    queryFn: () => getJson<RepliesData>(`/api/community/posts/${postId}/replies`),
    enabled,
  });
}

/** What an edit sends: members change text and category; admins also access level and featured. Fields left out keep their value. */
export type PostChange = { id: number; input: PostEdit | AdminPostEdit };

/**
 * Writing posts. New posts and edits refetch the loaded feeds because the server owns the order
 * (featured first) and the category an edit may move a post to; a create resolves only once the
 * feed shows the new post, so the form clears onto it.
 */
export function usePostMutations() {
  const queryClient = useQueryClient();
  const refetchFeeds = () => queryClient.invalidateQueries({ queryKey: feedsKey });
  const keys = useIdempotencyKeys();
  return {
    create: useMutation({
      mutationFn: (input: PostInput) => requestJson<Post>("POST", "/api/community/posts", input, [], keys.headerFor(input)),
      onSuccess: (_post, input) => {
        keys.succeeded(input);
        return refetchFeeds();
      },
    }),
    createAsAdmin: useMutation({
      mutationFn: (input: AdminPostInput) => requestJson<Post>("POST", "/api/admin/community/posts", input, [], keys.headerFor(input)),
      onSuccess: (_post, input) => {
        keys.succeeded(input);
        return refetchFeeds();
      },
    }),
    update: useMutation({
      mutationFn: ({ id, input }: PostChange) => requestJson<Post>("PATCH", `/api/community/posts/${id}`, input),
      onSuccess: (post) => {
        updatePostInFeeds(queryClient, post.id, () => post);
        void refetchFeeds();
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => requestJson<null>("DELETE", `/api/community/posts/${id}`),
      onSuccess: (_answer, id) => {
        updatePostInFeeds(queryClient, id, () => null);
        void refetchFeeds();
      },
    }),
  };
}

/** Like or unlike a post; the server's answer (state and count) is written into every feed. */
export function useTogglePostLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => requestJson<LikeResponse>("POST", `/api/community/posts/${postId}/like`),
    onSuccess: ({ liked, likes }, postId) => updatePostInFeeds(queryClient, postId, (post) => ({ ...post, likedByMe: liked, likes })),
  });
}

/** Replies of one post: write, edit, delete and like, each patched into the cached post at once. */
export function useReplyMutations(postId: number) {
  const queryClient = useQueryClient();
  const replace = (reply: Reply) => updateRepliesOf(queryClient, postId, (replies) => replies.map((item) => (item.id === reply.id ? reply : item)));
  const keys = useIdempotencyKeys();
  return {
    create: useMutation({
      mutationFn: (input: ReplyInput) => requestJson<Reply>("POST", `/api/community/posts/${postId}/replies`, input, [], keys.headerFor(input)),
      onSuccess: (reply, input) => {
        keys.succeeded(input);
        updateRepliesOf(queryClient, postId, (replies) => [...replies, reply], 1);
      },
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: ReplyInput }) => requestJson<Reply>("PATCH", `/api/community/replies/${id}`, input),
      onSuccess: replace,
    }),
    remove: useMutation({
      mutationFn: (id: number) => requestJson<null>("DELETE", `/api/community/replies/${id}`),
      onSuccess: (_answer, id) => updateRepliesOf(queryClient, postId, (replies) => replies.filter((reply) => reply.id !== id), -1),
    }),
    toggleLike: useMutation({
      mutationFn: (id: number) => requestJson<LikeResponse>("POST", `/api/community/replies/${id}/like`),
      onSuccess: ({ liked, likes }, id) =>
        updateRepliesOf(queryClient, postId, (replies) => replies.map((reply) => (reply.id === id ? { ...reply, likedByMe: liked, likes } : reply))),
    }),
  };
}
