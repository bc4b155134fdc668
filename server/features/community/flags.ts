import { and, count, eq, isNull } from "drizzle-orm";
import { FLAG_THRESHOLD, MODERATION_MESSAGES, type FlagInput } from "../../../common/contracts/community";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { visiblePost, visibleReply } from "./community-access";
import { communityFlags } from "./moderation.table";
import { lockPost, setPostHidden, setReplyHidden } from "./visibility";

/**
 * A member flags a post with a reason, once. The FLAG_THRESHOLD-th open flag from different members
 * hides the post from members until an admin decides. All under the post's row lock, so concurrent
 * flags count exactly.
 */
export async function flagPost(db: Database, viewer: Viewer, postId: number, input: FlagInput): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const post = await visiblePost(txDb, viewer, postId, true);
    assertNotOwn(viewer, post.authorId);
    await insertFlag(txDb, { postId, userId: viewer.userId, reason: input.reason });
    if (!post.hidden && (await openFlags(txDb, eq(communityFlags.postId, postId))) >= FLAG_THRESHOLD) await setPostHidden(txDb, postId, true);
  });
}

/** As for posts; a hidden reply also leaves its post's reply count. Post row first, then the reply. */
export async function flagReply(db: Database, viewer: Viewer, replyId: number, input: FlagInput): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const { postId } = await visibleReply(txDb, viewer, replyId);
    await lockPost(txDb, postId);
    const reply = await visibleReply(txDb, viewer, replyId, true);
    assertNotOwn(viewer, reply.authorId);
    await insertFlag(txDb, { replyId, userId: viewer.userId, reason: input.reason });
    if (!reply.hidden && (await openFlags(txDb, eq(communityFlags.replyId, replyId))) >= FLAG_THRESHOLD) await setReplyHidden(txDb, replyId, postId, true);
  });
}

function assertNotOwn(viewer: Viewer, authorId: string | null): void {
  if (authorId === viewer.userId) throw new AppError("BAD_REQUEST", MODERATION_MESSAGES.ownItem);
}

async function insertFlag(tx: Database, flag: typeof communityFlags.$inferInsert): Promise<void> {
  const inserted = await tx.insert(communityFlags).values(flag).onConflictDoNothing().returning({ id: communityFlags.id });
  if (inserted.length === 0) throw new AppError("CONFLICT", MODERATION_MESSAGES.alreadyFlagged);
}

async function openFlags(tx: Database, item: ReturnType<typeof eq>): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(communityFlags)
    .where(and(item, isNull(communityFlags.resolvedAt)));
  return Number(row?.value ?? 0);
}
