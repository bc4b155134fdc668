import { and, inArray, not, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { REQUIRED_PLAN, RESOURCE_TIERS } from "../../../common/content";
import { SEARCH_KINDS, SEARCH_RESULTS_LIMIT, type SearchKind, type SearchResponse, type SearchResult } from "../../../common/contracts/search";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { postLevelsFor, resourceTiersFor, sessionLevelsFor, videoLevelsFor } from "../content/access.policy";
import { communityPosts, communityReplies } from "../community/community.table";
import { resources } from "../resources/resources.table";
import { mastermindSessions } from "../sessions/sessions.table";
import { mediaVideos } from "../videos/videos.table";
import { markMatches, matchedWords, snippetOf } from "./search-highlight";
import { newestMatches, type Candidate } from "./search-candidates";
import { searchTerms } from "./search-terms";
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
/** Candidates checked first: the results and a few spare. */
const FIRST_CHECKED = SEARCH_RESULTS_LIMIT + 10;

/** A calendar day (videos, sessions) as the UTC midnight that starts it, so every branch sorts on one timestamp. */
const dayStart = (column: SQL | object): SQL => sql`(${column}::timestamp at time zone 'UTC')`;

/**
 * One branch per kind: the candidates of that kind, checked again on their own rows exactly like their
 * list (the access policy's level arrays, the community's moderation rule), so what a viewer may not
 * see never comes out of search, whatever the search table says.
 */
function branches(viewer: Viewer): Record<SearchKind, SQL> {
  const of = (kind: string, id: object) => sql`found.kind = ${kind} and ${id} = found.item_id`;
  return {
    post: sql`(select 'post', ${communityPosts.id}, ${communityPosts.authorId}, ${communityPosts.postedAsAdmin},
        null::text, ${communityPosts.content}, ${communityPosts.accessLevel}, false, ${communityPosts.createdAt}, found.rank
      from found join ${communityPosts} on ${of("post", communityPosts.id)}
      where ${and(inArray(communityPosts.accessLevel, postLevelsFor(viewer)), shownPostCondition(viewer))})`,
    reply: sql`(select 'reply', ${communityReplies.id}, ${communityReplies.authorId}, ${communityReplies.postedAsAdmin},
        null::text, ${communityReplies.content}, ${communityPosts.accessLevel}, false, ${communityReplies.createdAt}, found.rank
      from found join ${communityReplies} on ${of("reply", communityReplies.id)} join ${communityPosts} on ${communityPosts.id} = ${communityReplies.postId}
      where ${and(inArray(communityPosts.accessLevel, postLevelsFor(viewer)), shownPostCondition(viewer), shownReplyCondition(viewer))})`,
    resource: sql`(select 'resource', ${resources.id}, null, false, ${resources.title}, ${resources.description}, ${resources.tier},
        ${not(inArray(resources.tier, resourceTiersFor(viewer)))}, ${resources.createdAt}, found.rank
      from found join ${resources} on ${of("resource", resources.id)})`,
    video: sql`(select 'video', ${mediaVideos.id}, null, false, ${mediaVideos.fileName}, ${mediaVideos.description}, ${mediaVideos.accessLevel},
        false, ${dayStart(mediaVideos.releaseDate)}, found.rank
      from found join ${mediaVideos} on ${of("video", mediaVideos.id)} where ${inArray(mediaVideos.accessLevel, videoLevelsFor(viewer))})`,
    session: sql`(select 'session', ${mastermindSessions.id}, null, false, ${mastermindSessions.title}, ${mastermindSessions.description}, ${mastermindSessions.tier},
        false, ${dayStart(mastermindSessions.date)}, found.rank
      from found join ${mastermindSessions} on ${of("session", mastermindSessions.id)} where ${inArray(mastermindSessions.tier, sessionLevelsFor(viewer))})`,
  };
}

/** Posts and replies are titled by their author, as in the feed: "Admin" for admin posts, "Deleted member" without one. */
function rankedQuery(viewer: Viewer, candidates: Candidate[]): SQL {
  // Only the kinds among the candidates: every branch is planned on every call.
  const kinds = [...new Set(candidates.map((candidate) => candidate.kind))];
  return sql`
    with found as (select * from json_to_recordset(${JSON.stringify(candidates.map(({ kind, itemId, rank }) => ({ kind, item_id: itemId, rank })))}::json)
      as candidate(kind text, item_id integer, rank real))
    select found.kind, found.id,
      case when found.kind not in ('post', 'reply') then found.title
           when found.as_admin then 'Admin'
           else coalesce(${users.name}, 'Deleted member') end as title,
      found.body, found.level, found.locked, found.rank,
      to_char(found.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date
    from (${sql.join(kinds.map((kind) => branches(viewer)[kind]), sql` union all `)})
      as found(kind, id, author_id, as_admin, title, body, level, locked, at, rank)
    left join ${users} on ${users.id} = found.author_id
    order by found.rank desc, found.at desc, found.kind, found.id
    limit ${SEARCH_RESULTS_LIMIT}`;
}

/**
 * The viewer's best matches for `query` across posts, replies, resources, videos and sessions, in one
 * list ranked by ts_rank (title words weigh more than body words), every word matched as a prefix; a
 * query matching more than SEARCH_CANDIDATES items is ranked among the newest of them.
 * Locked resources come with the plan that opens them and never a file link.
 */
export async function searchContent(db: Database, viewer: Viewer, query: string): Promise<SearchResponse> {
  const terms = searchTerms(query);
  if (terms.length === 0) return { query, results: [] };
  const candidates = await newestMatches(db, viewer, terms);
  if (candidates.length === 0) return { query, results: [] };
  const rows = await visibleResults(db, viewer, candidates);
  const matched = await matchedWords(db, terms, rows.flatMap((row) => [row.title ?? "", row.body]));
  return { query, results: rows.map((row) => toSearchResult(row, snippetOf(row.body, matched), matched)) };
}

/**
 * The best SEARCH_RESULTS_LIMIT of the ranked candidates that pass their own rows' checks. The entries
 * already hold only what the viewer's lists hold, so the first few beyond the limit cover what
 * moderation hid; each candidate checked is a row read, which is most of the time of a search.
 */
async function visibleResults(db: Database, viewer: Viewer, candidates: Candidate[]): Promise<Row[]> {
  const checked = async (batch: Candidate[]) => RowsSchema.parse(await db.execute(rankedQuery(viewer, batch))).rows;
  const first = await checked(candidates.slice(0, FIRST_CHECKED));
  if (first.length >= SEARCH_RESULTS_LIMIT || candidates.length <= FIRST_CHECKED) return first;
  return [...first, ...(await checked(candidates.slice(FIRST_CHECKED)))].slice(0, SEARCH_RESULTS_LIMIT);
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
