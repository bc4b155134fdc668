import { eq, sql } from "drizzle-orm";
import { MODERATION_MESSAGES, type Reply, type ReplyInput } from "../../../common/contracts/community";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { assertCanEdit, REPLY_NOT_FOUND, visiblePost, visibleReply } from "./community-access";
import { readReply } from "./community-reads";
import { communityPosts, communityReplies } from "./community.table";
import { lockPost } from "./visibility";
import { notifyReply } from "./community-notifications";

/**
 * The reply and the post's reply_count change together, under the post's row lock. `countWrite`
 * (the posting limits) runs in the same transaction once the post takes replies, so a reply refused
 * (post gone, hidden or locked, or a limit reached) rolls its count back and never counts.
 */
export async function createReply(db: Database, viewer: Viewer, postId: number, input: ReplyInput, countWrite: (tx: Database) => Promise<void>): Promise<Reply> {
  const id = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const post = await visiblePost(txDb, viewer, postId, true);
    if (post.locked) throw new AppError("CONFLICT", MODERATION_MESSAGES.locked);
    await countWrite(txDb);
    const [row] = await txDb.insert(communityReplies).values({ postId, authorId: viewer.userId, content: input.content }).returning({ id: communityReplies.id });
    await txDb
      .update(communityPosts)
      .set({ replyCount: sql`${communityPosts.replyCount} + 1` })
      .where(eq(communityPosts.id, postId));
    if (row) await notifyReply(txDb, { id: row.id, postId, authorId: viewer.userId, content: input.content });
    return row?.id;
  });
  return readWritten(db, viewer, id);
}

export async function editReply(db: Database, viewer: Viewer, id: number, input: ReplyInput): Promise<Reply> {
  const reply = await visibleReply(db, viewer, id, false, "author");
  assertCanEdit(viewer, reply.authorId);
  await db.update(communityReplies).set({ content: input.content, updatedAt: new Date() }).where(eq(communityReplies.id, id));
  return readWritten(db, viewer, id);
}

export async function deleteReply(db: Database, viewer: Viewer, id: number): Promise<void> {
  const reply = await visibleReply(db, viewer, id, false, "author");
  assertCanEdit(viewer, reply.authorId);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    // Post row first, as every other write to this post's replies does.
    await lockPost(txDb, reply.postId);
    const [deleted] = await txDb.delete(communityReplies).where(eq(communityReplies.id, id)).returning({ hidden: communityReplies.hidden });
    if (!deleted) throw new AppError("NOT_FOUND", REPLY_NOT_FOUND);
    // A hidden reply was already taken off the count.
    if (deleted.hidden) return;
    await txDb
      .update(communityPosts)
      .set({ replyCount: sql`${communityPosts.replyCount} - 1` })
      .where(eq(communityPosts.id, reply.postId));
  });
}

async function readWritten(db: Database, viewer: Viewer, id: number | undefined): Promise<Reply> {
  const reply = id === undefined ? null : await readReply(db, viewer, id);
  if (!reply) throw new AppError("NOT_FOUND", REPLY_NOT_FOUND);
  return reply;
}
