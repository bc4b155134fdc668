import { and, eq, sql } from "drizzle-orm";
import type { LikeResponse } from "../../../common/contracts/community";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { visiblePost, visibleReply } from "./community-access";
import { notifyLike } from "./community-notifications";
import { communityPosts, communityReplies, postLikes, replyLikes } from "./community.table";

/**
 * Likes toggle. The liked row (primary key post+member) and like_count change in one transaction
 * that first locks the post, so concurrent toggles queue and the count always equals the rows.
 */
export async function togglePostLike(db: Database, viewer: Viewer, postId: number): Promise<LikeResponse> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await visiblePost(txDb, viewer, postId, true);
    const mine = and(eq(postLikes.postId, postId), eq(postLikes.userId, viewer.userId));
    const removed = await txDb.delete(postLikes).where(mine).returning({ postId: postLikes.postId });
    const liked = removed.length === 0;
    if (liked) await txDb.insert(postLikes).values({ postId, userId: viewer.userId });
    const [row] = await txDb
      .update(communityPosts)
      .set({ likeCount: sql`${communityPosts.likeCount} + ${liked ? 1 : -1}` })
      .where(eq(communityPosts.id, postId))
      .returning({ likes: communityPosts.likeCount });
    if (liked) await notifyLike(txDb, { kind: "post", id: postId, likerId: viewer.userId, likes: row?.likes ?? 1 });
    return { liked, likes: row?.likes ?? 0 };
  });
}

/** As for posts, under the reply's row lock; the reply's post decides who may like it. */
export async function toggleReplyLike(db: Database, viewer: Viewer, replyId: number): Promise<LikeResponse> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await visibleReply(txDb, viewer, replyId, true);
    const mine = and(eq(replyLikes.replyId, replyId), eq(replyLikes.userId, viewer.userId));
    const removed = await txDb.delete(replyLikes).where(mine).returning({ replyId: replyLikes.replyId });
    const liked = removed.length === 0;
    if (liked) await txDb.insert(replyLikes).values({ replyId, userId: viewer.userId });
    const [row] = await txDb
      .update(communityReplies)
      .set({ likeCount: sql`${communityReplies.likeCount} + ${liked ? 1 : -1}` })
      .where(eq(communityReplies.id, replyId))
      .returning({ likes: communityReplies.likeCount });
    if (liked) await notifyLike(txDb, { kind: "reply", id: replyId, likerId: viewer.userId, likes: row?.likes ?? 1 });
    return { liked, likes: row?.likes ?? 0 };
  });
}
