import { and, eq, inArray, not, sql, type SQL } from "drizzle-orm";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import { postLevelsFor, resourceTiersFor, sessionLevelsFor, videoLevelsFor } from "../content/access.policy";
import { shownPostCondition, shownReplyCondition } from "../community/community-visibility";
import { communityPosts, communityReplies } from "../community/community.table";
import { resources } from "../resources/resources.table";
import { mastermindSessions } from "../sessions/sessions.table";
import { mediaVideos } from "../videos/videos.table";

/** A calendar day (videos, sessions) as the UTC midnight that starts it, so every kind sorts on one timestamp. */
const dayStart = (column: SQL | object): SQL => sql`(${column}::timestamp at time zone 'UTC')`;

/** Posts and replies are titled by their author, as in the feed: "Admin" for admin posts, "Deleted member" without one. */
const authorTitle = (table: typeof communityPosts | typeof communityReplies): SQL =>
  sql`case when ${table.postedAsAdmin} then 'Admin' else coalesce((select ${users.name} from ${users} where ${users.id} = ${table.authorId}), 'Deleted member') end`;

/**
 * The candidate `candidate` (a row with kind and item_id) read from its own row and checked exactly like
 * its list (the access policy's level arrays, the community's moderation rule), as (title, body, level,
 * locked, at): no row when the viewer may not see it, whatever the search table says. Meant for a
 * lateral join: only the branch of the candidate's kind runs (a one-time filter on the kind), so each
 * candidate costs one row read.
 */
export function visibleItem(viewer: Viewer, candidate: SQL): SQL {
  const of = (kind: string, id: object) => sql`${candidate}.kind = ${kind} and ${id} = ${candidate}.item_id`;
  const branches = [
    sql`select ${authorTitle(communityPosts)}, ${communityPosts.content}, ${communityPosts.accessLevel}::text, false, ${communityPosts.createdAt}
      from ${communityPosts}
      where ${and(of("post", communityPosts.id), inArray(communityPosts.accessLevel, postLevelsFor(viewer)), shownPostCondition(viewer))}`,
    sql`select ${authorTitle(communityReplies)}, ${communityReplies.content}, ${communityPosts.accessLevel}::text, false, ${communityReplies.createdAt}
      from ${communityReplies} join ${communityPosts} on ${eq(communityPosts.id, communityReplies.postId)}
      where ${and(of("reply", communityReplies.id), inArray(communityPosts.accessLevel, postLevelsFor(viewer)), shownPostCondition(viewer), shownReplyCondition(viewer))}`,
    sql`select ${resources.title}, ${resources.description}, ${resources.tier}::text, ${not(inArray(resources.tier, resourceTiersFor(viewer)))}, ${resources.createdAt}
      from ${resources} where ${of("resource", resources.id)}`,
    sql`select ${mediaVideos.fileName}, ${mediaVideos.description}, ${mediaVideos.accessLevel}::text, false, ${dayStart(mediaVideos.releaseDate)}
      from ${mediaVideos} where ${and(of("video", mediaVideos.id), inArray(mediaVideos.accessLevel, videoLevelsFor(viewer)))}`,
    sql`select ${mastermindSessions.title}, ${mastermindSessions.description}, ${mastermindSessions.tier}::text, false, ${dayStart(mastermindSessions.date)}
      from ${mastermindSessions} where ${and(of("session", mastermindSessions.id), inArray(mastermindSessions.tier, sessionLevelsFor(viewer)))}`,
  ];
  return sql`(${sql.join(branches, sql` union all `)})`;
}
