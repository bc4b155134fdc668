import { and, desc, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { RESOURCE_TIERS } from "../../../common/content";
import type { Viewer } from "../../auth/viewer";
import { postLevelsFor, sessionLevelsFor, videoLevelsFor } from "../content/access.policy";
import { searchEntries } from "./search.table";

/**
 * A query matching more of what the viewer's lists hold is ranked among its newest this many: ranking
 * reads every candidate's words, so this bounds the work whatever the word.
 */
export const SEARCH_CANDIDATES = 100;
/** Written into the statement rather than bound: a constant is all the planner needs to know about it. */
const CANDIDATES = sql.raw(String(SEARCH_CANDIDATES));
/** The window of recent dates looked in first: a common word finds its newest matches there. */
const RECENT = sql`now() - interval '7 days'`;

/**
 * The entries each of the viewer's lists holds, as "<kind>:<level>" (the access policy's level arrays);
 * every resource is listed, locked above the viewer's plan.
 */
export function audiencesFor(viewer: Viewer): string[] {
  return [
    ...postLevelsFor(viewer).flatMap((level) => [`post:${level}`, `reply:${level}`]),
    ...RESOURCE_TIERS.map((tier) => `resource:${tier}`),
    ...videoLevelsFor(viewer).map((level) => `video:${level}`),
    ...sessionLevelsFor(viewer).map((level) => `session:${level}`),
  ];
}

/**
 * A subquery of the viewer's SEARCH_CANDIDATES newest matches of `query` (all of them when fewer) as
 * (kind, item_id, at, rank), best first (ties: newest first). A GIN index alone cannot give the newest
 * matches without reading every match's row, so the last 7 days are read first, where PostgreSQL
 * intersects the word index with the (audience, date) index before reading rows; the older entries
 * are read only when those hold fewer than SEARCH_CANDIDATES (a one-time filter), in the same statement.
 * Each window scans the word index again, which costs a rare word about as much as its rows: more,
 * narrower windows cost rare words more than they saved common ones (docs/benchmarks.md, 2026-11-27).
 */
export function rankedCandidates(query: SQL, viewer: Viewer): SQL {
  const matches = (...conditions: Array<SQL | undefined>) => sql`select ${searchEntries.kind}, ${searchEntries.itemId}, ${searchEntries.at}, ${searchEntries.vector}
    from ${searchEntries}
    where ${and(sql`${searchEntries.vector} @@ ${query}`, inArray(searchEntries.audience, audiencesFor(viewer)), ...conditions)}
    order by ${desc(searchEntries.at)} limit ${CANDIDATES}`;
  return sql`(with recent as (${matches(gte(searchEntries.at, RECENT))}),
      older as (${matches(lt(searchEntries.at, RECENT), sql`(select count(*) from recent) < ${CANDIDATES}`)})
    select newest.kind, newest.item_id, newest.at, ts_rank(newest.vector, ${query}) as rank
    from (select * from recent union all select * from older order by at desc limit ${CANDIDATES}) as newest
    order by rank desc, newest.at desc, newest.kind, newest.item_id)`;
}
