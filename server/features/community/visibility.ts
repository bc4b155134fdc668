import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { communityPosts, communityReplies } from "./community.table";

/**
 * Hides or shows a reply. reply_count counts the replies members see, so it moves with the flag;
 * the caller holds the post's row lock (post first, then its replies: the order every write keeps).
 */
export async function setReplyHidden(tx: Database, replyId: number, postId: number, hidden: boolean): Promise<void> {
  const changed = await tx
    .update(communityReplies)
    .set({ hidden })
    .where(and(eq(communityReplies.id, replyId), eq(communityReplies.hidden, !hidden)))
    .returning({ id: communityReplies.id });
  if (changed.length === 0) return;
  await tx
    .update(communityPosts)
    .set({ replyCount: sql`${communityPosts.replyCount} + ${hidden ? -1 : 1}` })
    .where(eq(communityPosts.id, postId));
}

export async function setPostHidden(tx: Database, postId: number, hidden: boolean): Promise<void> {
  await tx.update(communityPosts).set({ hidden }).where(eq(communityPosts.id, postId));
}

/** Takes the post's row lock for the rest of the transaction. */
export async function lockPost(tx: Database, postId: number): Promise<void> {
  await tx.select({ id: communityPosts.id }).from(communityPosts).where(eq(communityPosts.id, postId)).for("no key update");
}
