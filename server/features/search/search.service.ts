import { and, inArray, not, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { REQUIRED_PLAN, RESOURCE_TIERS } from "../../../common/content";
import { SEARCH_KINDS, SEARCH_RESULTS_LIMIT, type SearchResponse, type SearchResult } from "../../../common/contracts/search";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { postLevelsFor, resourceTiersFor, sessionLevelsFor, videoLevelsFor } from "../content/access.policy";
import { communityPosts, communityReplies } from "../community/community.table";
import { resources } from "../resources/resources.table";
import { mastermindSessions } from "../sessions/sessions.table";
import { mediaVideos } from "../videos/videos.table";
import { markMatches, matchedWords, snippetOf } from "./search-highlight";
import { prefixQuery, searchTerms } from "./search-terms";
import { shownPostCondition, shownReplyCondition } from "../community/community-visibility";

const RowSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.coerce.number(),
  title: z.string().nullable(),
  body: z.string(),
  level: z.enum(RESOURCE_TIERS),
  locked: z.boolean(),
  date: z.string(),
  rank: z.coerce.number(),
});
const RowsSchema = z.object({ rows: z.array(RowSchema) });
type Row = z.infer<typeof RowSchema>;

const vector = (table: SQL | object): SQL => sql`${table}.search_vector`;
/** A calendar day (videos, sessions) as the UTC midnight that starts it, so every branch sorts on one timestamp. */
const dayStart = (column: SQL | object): SQL => sql`(${column}::timestamp at time zone 'UTC')`;

/**
 * One branch per kind, each filtered exactly like its list (the same level arrays from the access
 * policy, in SQL) and cut to the best SEARCH_RESULTS_LIMIT before the union, so the outer sort
 * never sees more than five small lists. Each branch is served by its table's GIN index.
 */
function branches(viewer: Viewer): SQL[] {
  const rank = (table: object) => sql`ts_rank(${vector(table)}, search.q)`;
  const matches = (table: object) => sql`${vector(table)} @@ search.q`;
  const cut = sql`order by rank desc, at desc limit ${SEARCH_RESULTS_LIMIT}`;
  return [
    sql`(select 'post' as kind, ${communityPosts.id} as id, ${communityPosts.authorId} as author_id, ${communityPosts.postedAsAdmin} as as_admin,
        null::text as title, ${communityPosts.content} as body, ${communityPosts.accessLevel} as level, false as locked,
        ${communityPosts.createdAt} as at, ${rank(communityPosts)} as rank
      from ${communityPosts}, search
      where ${and(matches(communityPosts), inArray(communityPosts.accessLevel, postLevelsFor(viewer)), shownPostCondition(viewer))} ${cut})`,
    sql`(select 'reply', ${communityReplies.id}, ${communityReplies.authorId}, ${communityReplies.postedAsAdmin},
        null::text, ${communityReplies.content}, ${communityPosts.accessLevel}, false,
        ${communityReplies.createdAt} as at, ${rank(communityReplies)} as rank
      from ${communityReplies} join ${communityPosts} on ${communityPosts.id} = ${communityReplies.postId}, search
      where ${and(matches(communityReplies), inArray(communityPosts.accessLevel, postLevelsFor(viewer)), shownPostCondition(viewer), shownReplyCondition(viewer))} ${cut})`,
    sql`(select 'resource', ${resources.id}, null, false, ${resources.title}, ${resources.description}, ${resources.tier},
        ${not(inArray(resources.tier, resourceTiersFor(viewer)))}, ${resources.createdAt} as at, ${rank(resources)} as rank
      from ${resources}, search where ${matches(resources)} ${cut})`,
    sql`(select 'video', ${mediaVideos.id}, null, false, ${mediaVideos.fileName}, ${mediaVideos.description}, ${mediaVideos.accessLevel},
        false, ${dayStart(mediaVideos.releaseDate)} as at, ${rank(mediaVideos)} as rank
      from ${mediaVideos}, search where ${and(matches(mediaVideos), inArray(mediaVideos.accessLevel, videoLevelsFor(viewer)))} ${cut})`,
    sql`(select 'session', ${mastermindSessions.id}, null, false, ${mastermindSessions.title}, ${mastermindSessions.description}, ${mastermindSessions.tier},
        false, ${dayStart(mastermindSessions.date)} as at, ${rank(mastermindSessions)} as rank
      from ${mastermindSessions}, search where ${and(matches(mastermindSessions), inArray(mastermindSessions.tier, sessionLevelsFor(viewer)))} ${cut})`,
  ];
}

/** Posts and replies are titled by their author, as in the feed: "Admin" for admin posts, "Deleted member" without one. */
export function rankedQuery(viewer: Viewer, terms: string[]): SQL {
  return sql`
    with search as (select to_tsquery('english', ${prefixQuery(terms, "&")}) as q)
    select found.kind, found.id,
      case when found.kind not in ('post', 'reply') then found.title
           when found.as_admin then 'Admin'
           else coalesce(${users.name}, 'Deleted member') end as title,
      found.body, found.level, found.locked, found.rank,
      to_char(found.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date
    from (${sql.join(branches(viewer), sql` union all `)}) as found
    left join ${users} on ${users.id} = found.author_id
    order by found.rank desc, found.at desc, found.kind, found.id
    limit ${SEARCH_RESULTS_LIMIT}`;
}

/**
 * The viewer's best matches for `query` across posts, replies, resources, videos and sessions, in one
 * list ranked by ts_rank (title words weigh more than body words), every word matched as a prefix.
 * Locked resources come with the plan that opens them and never a file link.
 */
export async function searchContent(db: Database, viewer: Viewer, query: string): Promise<SearchResponse> {
  const terms = searchTerms(query);
  if (terms.length === 0) return { query, results: [] };
  const rows = RowsSchema.parse(await db.execute(rankedQuery(viewer, terms))).rows;
  const matched = await matchedWords(db, terms, rows.flatMap((row) => [row.title ?? "", row.body]));
  return { query, results: rows.map((row) => toSearchResult(row, snippetOf(row.body, matched), matched)) };
}

function toSearchResult(row: Row, snippet: string, matched: Set<string>): SearchResult {
  return {
    kind: row.kind,
    id: row.id,
    title: markMatches(row.title ?? "", matched),
    snippet: markMatches(snippet, matched),
    level: row.level,
    locked: row.locked,
    requiredPlan: row.locked && row.level !== "free" ? REQUIRED_PLAN[row.level] : null,
    date: row.date,
  };
}
