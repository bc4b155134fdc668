import { eq } from "drizzle-orm";
import type { ContentLevel } from "../../../common/content";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { isContentAdmin, postLevelsFor } from "../content/access.policy";
import { canEditAs } from "./community-dto";
import { communityPosts, communityReplies } from "./community.table";

export const POST_NOT_FOUND = "Post not found";
export const REPLY_NOT_FOUND = "Reply not found";

/** A member acts only on posts at a level they can see: 403, so a hidden post is not told apart from a locked one. */
export function assertCanSee(viewer: Viewer, accessLevel: ContentLevel): void {
  if (!postLevelsFor(viewer).includes(accessLevel)) throw new AppError("FORBIDDEN", "You do not have access to this post");
}

/**
 * Who reaches a hidden post or reply: admins only ("admins"), or its author too ("author"), who reads,
 * edits and deletes their own hidden words but cannot like or reply to them.
 */
export type HiddenReach = "admins" | "author";

/** A hidden post or reply answers as if it did not exist, except to admins (and, when reached so, its author). */
function assertShown(viewer: Viewer, hidden: boolean, message: string, authorReaches: boolean): void {
  if (hidden && !isContentAdmin(viewer) && !authorReaches) throw new AppError("NOT_FOUND", message);
}

export function assertCanEdit(viewer: Viewer, authorId: string | null): void {
  if (!canEditAs(viewer, authorId)) throw new AppError("FORBIDDEN", "You can only change your own posts and replies");
}

/**
 * The post row's access facts, 404 or 403 when the viewer may not act on it. With `lock`, the row
 * stays locked until the transaction ends, so writes to its counters and replies queue up behind
 * each other (always post first, then its replies or likes: no lock-order deadlocks).
 */
export async function visiblePost(db: Database, viewer: Viewer, id: number, lock = false, reach: HiddenReach = "admins") {
  const query = db
    .select({ authorId: communityPosts.authorId, accessLevel: communityPosts.accessLevel, hidden: communityPosts.hidden, locked: communityPosts.locked })
    .from(communityPosts)
    .where(eq(communityPosts.id, id));
  const [post] = lock ? await query.for("no key update") : await query;
  if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  assertShown(viewer, post.hidden, POST_NOT_FOUND, reach === "author" && post.authorId === viewer.userId);
  assertCanSee(viewer, post.accessLevel);
  return post;
}

/**
 * A reply with its post's level; 404 or 403 as for posts (a reply of a hidden post is hidden too).
 * With `lock`, the reply's row stays locked until the transaction ends.
 */
export async function visibleReply(db: Database, viewer: Viewer, id: number, lock = false, reach: HiddenReach = "admins") {
  const query = db
    .select({
      postId: communityReplies.postId,
      authorId: communityReplies.authorId,
      hidden: communityReplies.hidden,
      accessLevel: communityPosts.accessLevel,
      postHidden: communityPosts.hidden,
    })
    .from(communityReplies)
    .innerJoin(communityPosts, eq(communityPosts.id, communityReplies.postId))
    .where(eq(communityReplies.id, id));
  const [reply] = lock ? await query.for("no key update", { of: communityReplies }) : await query;
  if (!reply) throw new AppError("NOT_FOUND", REPLY_NOT_FOUND);
  // A reply of a hidden post stays out of reach even of its author: the post is not theirs.
  assertShown(viewer, reply.postHidden, REPLY_NOT_FOUND, false);
  assertShown(viewer, reply.hidden, REPLY_NOT_FOUND, reach === "author" && reply.authorId === viewer.userId);
  assertCanSee(viewer, reply.accessLevel);
  return reply;
}
