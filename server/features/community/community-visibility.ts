import { eq, type SQL } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer";
import { isContentAdmin } from "../content/access.policy";
import { communityPosts, communityReplies } from "./community.table";

/*
 * The community's moderation rule, besides the level rule: posts and replies that moderation hid
 * (flagged by enough members, or by an admin's decision) reach admins only. The feed and search
 * share it, so a hidden item cannot be found where the feed would not show it.
 */
export const shownPostCondition = (viewer: Viewer): SQL | undefined => (isContentAdmin(viewer) ? undefined : eq(communityPosts.hidden, false));
export const shownReplyCondition = (viewer: Viewer): SQL | undefined => (isContentAdmin(viewer) ? undefined : eq(communityReplies.hidden, false));
