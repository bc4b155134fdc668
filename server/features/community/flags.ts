import { eq } from "drizzle-orm";
import { FLAG_THRESHOLD, MODERATION_MESSAGES, type FlagInput } from "../../../common/contracts/community";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { visiblePost, visibleReply } from "./community-access";
import { communityPosts, communityReplies } from "./community.table";
import { openFlagWeight } from "./flag-weight";
import { communityFlags } from "./moderation.table";
import { lockPost, setPostHidden, setReplyHidden } from "./visibility";

/** An item that flags just hid, with its author to tell (null once their account is deleted). */
export interface HiddenByFlags {
  kind: "post" | "reply";
  content: string;
  author: { name: string; email: string } | null;
}

/**
 * A member flags a post with a reason, once. The item is hidden from members until an admin decides
 * once its open flags weigh FLAG_THRESHOLD (flag-weight.ts: only established paying members' flags
 * count); an admin's words are never hidden by flags. All under the post's row lock, so concurrent
 * flags count exactly. Answers the author to tell when this flag hid the post.
 */
export async function flagPost(db: Database, viewer: Viewer, postId: number, input: FlagInput, trustDays: number): Promise<HiddenByFlags | null> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const post = await visiblePost(txDb, viewer, postId, true);
    assertNotOwn(viewer, post.authorId);
    await insertFlag(txDb, { postId, userId: viewer.userId, reason: input.reason });
    if (post.hidden) return null;
    const author = await authorOf(txDb, "post", postId);
    if (!author || (await openFlagWeight(txDb, eq(communityFlags.postId, postId), trustDays)) < FLAG_THRESHOLD) return null;
    await setPostHidden(txDb, postId, true);
    return author;
  });
}

/** As for posts; a hidden reply also leaves its post's reply count. Post row first, then the reply. */
export async function flagReply(db: Database, viewer: Viewer, replyId: number, input: FlagInput, trustDays: number): Promise<HiddenByFlags | null> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const { postId } = await visibleReply(txDb, viewer, replyId);
    await lockPost(txDb, postId);
    const reply = await visibleReply(txDb, viewer, replyId, true);
    assertNotOwn(viewer, reply.authorId);
    await insertFlag(txDb, { replyId, userId: viewer.userId, reason: input.reason });
    if (reply.hidden) return null;
    const author = await authorOf(txDb, "reply", replyId);
    if (!author || (await openFlagWeight(txDb, eq(communityFlags.replyId, replyId), trustDays)) < FLAG_THRESHOLD) return null;
    await setReplyHidden(txDb, replyId, postId, true);
    return author;
  });
}

function assertNotOwn(viewer: Viewer, authorId: string | null): void {
  if (authorId === viewer.userId) throw new AppError("BAD_REQUEST", MODERATION_MESSAGES.ownItem);
}

async function insertFlag(tx: Database, flag: typeof communityFlags.$inferInsert): Promise<void> {
  const inserted = await tx.insert(communityFlags).values(flag).onConflictDoNothing().returning({ id: communityFlags.id });
  if (inserted.length === 0) throw new AppError("CONFLICT", MODERATION_MESSAGES.alreadyFlagged);
}

/**
 * Who wrote the item, or null when flags may not hide it: admins' words (an announcement is exactly
 * what a flagging crowd would like gone) still reach the queue but stay shown until an admin decides.
 * A deleted member's words can be hidden; there is nobody left to tell.
 */
async function authorOf(tx: Database, kind: "post" | "reply", id: number): Promise<HiddenByFlags | null> {
  const table = kind === "post" ? communityPosts : communityReplies;
  const [row] = await tx
    .select({ content: table.content, postedAsAdmin: table.postedAsAdmin, role: users.role, name: users.name, email: users.email })
    .from(table)
    .leftJoin(users, eq(users.id, table.authorId))
    .where(eq(table.id, id));
  if (!row || row.postedAsAdmin || row.role === "admin") return null;
  return { kind, content: row.content, author: row.name !== null && row.email !== null ? { name: row.name, email: row.email } : null };
}
