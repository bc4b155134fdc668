import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer";
import { isContentAdmin } from "../content/access.policy";
import { communityPosts, communityReplies } from "./community.table";
import { communityFlags } from "./moderation.table";

/*
 * The community's moderation rule, besides the level rule: posts and replies that moderation hid
 * (flagged by enough weight, or by an admin's decision) reach admins only, and their author while
 * flags hid them and no admin has decided yet (open flags): the author is shown it is hidden and
 * may edit it meanwhile. The feed and search share it, so a hidden item cannot be found where the
 * feed would not show it.
 */
const awaitingReview = (item: SQL) => sql`exists (select 1 from ${communityFlags} where ${and(item, isNull(communityFlags.resolvedAt))})`;

export const shownPostCondition = (viewer: Viewer): SQL | undefined =>
  isContentAdmin(viewer)
    ? undefined
    : or(eq(communityPosts.hidden, false), and(eq(communityPosts.authorId, viewer.userId), awaitingReview(sql`${communityFlags.postId} = ${communityPosts.id}`)));

export const shownReplyCondition = (viewer: Viewer): SQL | undefined =>
  isContentAdmin(viewer)
    ? undefined
    : or(eq(communityReplies.hidden, false), and(eq(communityReplies.authorId, viewer.userId), awaitingReview(sql`${communityFlags.replyId} = ${communityReplies.id}`)));
