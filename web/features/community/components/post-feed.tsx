import { useState } from "react";
import { MessagesSquare } from "lucide-react";
import type { Post } from "../../../../common/contracts/community";
import { CONTENT_MESSAGES } from "../../../../common/content";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { ConfirmDeleteDialog } from "../../admin-content/components/confirm-delete-dialog";
import { LoadState } from "../../admin-content/components/load-state";
import { useNotice } from "../../admin-content/use-notice";
import { useFeed, usePostMutations, useSinglePostFeed } from "../api";
import type { FeedCategory } from "../categories";
import { excerpt } from "../format";
import { COMMUNITY_MESSAGES, communityError } from "../messages";
import { PostCard } from "./post-card";

type PostFeedProps = {
  category: FeedCategory;
  /** The empty state of the unfiltered feed; a filtered one says the spec's "No posts found in this category." */
  emptyAll?: { title: string; hint: string };
  onEdit?: (post: Post) => void;
  onDeleted?: (post: Post) => void;
  showAccessLevel?: boolean;
  /** Shows this post alone instead of the category's feed (a notification's link). */
  postId?: number | null;
};

/** Posts of one category in the server's order, a page at a time with "Load more posts", and the delete confirmation. */
export function PostFeed({ category, emptyAll, onEdit, onDeleted, showAccessLevel = false, postId = null }: PostFeedProps) {
  const categoryFeed = useFeed(category, postId === null);
  const singlePost = useSinglePostFeed(postId);
  const feed = postId === null ? categoryFeed : singlePost;
  const { remove } = usePostMutations();
  const [pendingDelete, setPendingDelete] = useState<Post | null>(null);
  const [notice, showNotice] = useNotice();

  if (!feed.data) {
    return (
      <LoadState
        isPending={feed.isPending}
        isError={feed.isError}
        loadingLabel="Loading posts"
        errorMessage={communityError(feed.error, COMMUNITY_MESSAGES.feedFailed)}
        onRetry={() => void feed.refetch()}
      />
    );
  }

  const posts = feed.data.pages.flatMap((page) => page.posts);
  return (
    <div className="grid gap-4">
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {posts.length === 0 ? (
        category === "all" && emptyAll ? (
          <EmptyState icon={MessagesSquare} title={emptyAll.title}>
            {emptyAll.hint}
          </EmptyState>
        ) : (
          <EmptyState icon={MessagesSquare} title={CONTENT_MESSAGES.noPostsInCategory} />
        )
      ) : (
        <ul aria-label="Posts" className="grid gap-4">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} onDelete={setPendingDelete} onEdit={onEdit} showAccessLevel={showAccessLevel} />
            </li>
          ))}
        </ul>
      )}
      {feed.isFetchNextPageError ? <Alert variant="error">{communityError(feed.error, COMMUNITY_MESSAGES.feedFailed)}</Alert> : null}
      {feed.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage ? "Loading..." : "Load more posts"}
          </Button>
        </div>
      ) : null}
      <ConfirmDeleteDialog
        target={pendingDelete ? { id: pendingDelete.id, title: excerpt(pendingDelete.content) } : null}
        message={CONTENT_MESSAGES.confirmDeletePost}
        onClose={() => setPendingDelete(null)}
        onConfirm={(id) => remove.mutateAsync(id)}
        onDeleted={() => {
          if (pendingDelete) onDeleted?.(pendingDelete);
          showNotice("Post deleted.");
        }}
      />
    </div>
  );
}
