import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { FeedResponse, Post, Reply } from "../../../common/contracts/community";
import type { FeedCategory } from "./categories";

export const communityKey = ["community"] as const;
export const feedsKey = [...communityKey, "feed"] as const;
export const feedKey = (category: FeedCategory) => [...feedsKey, category] as const;
/** One post shown alone (where a notification leads), kept as a one-post feed so likes and replies update it like the others. */
export const singlePostKey = (postId: number) => [...feedsKey, "post", postId] as const;
export const repliesKey = (postId: number) => [...communityKey, "replies", postId] as const;

export type FeedData = InfiniteData<FeedResponse, string | null>;
export type RepliesData = { replies: Reply[] };

/**
 * Applies a change to one post in every loaded feed (each category keeps its own pages); returning
 * null removes the post. Saves a refetch of every loaded page for likes and replies.
 */
export function updatePostInFeeds(queryClient: QueryClient, postId: number, update: (post: Post) => Post | null): void {
  queryClient.setQueriesData<FeedData>({ queryKey: feedsKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.flatMap((post) => {
              if (post.id !== postId) return [post];
              const next = update(post);
              return next ? [next] : [];
            }),
          })),
        }
      : data,
  );
}

/** Applies a change to the reply list of a post, both in the feeds and in its full reply list if loaded. */
export function updateRepliesOf(queryClient: QueryClient, postId: number, update: (replies: Reply[]) => Reply[], countChange = 0): void {
  updatePostInFeeds(queryClient, postId, (post) => ({ ...post, replies: update(post.replies), replyCount: Math.max(0, post.replyCount + countChange) }));
  queryClient.setQueryData<RepliesData>(repliesKey(postId), (data) => (data ? { replies: update(data.replies) } : data));
}
