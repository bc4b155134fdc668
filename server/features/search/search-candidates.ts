import { and, desc, gte, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { RESOURCE_TIERS } from "../../../common/content";
import { SEARCH_KINDS } from "../../../common/contracts/search";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { postLevelsFor, sessionLevelsFor, videoLevelsFor } from "../content/access.policy";
import { prefixTsQuery } from "./search-terms";
import { searchEntries } from "./search.table";

/**
 * A query matching more of what the viewer's lists hold is ranked among its newest this many: ranking
 * reads every candidate's words, so this bounds the work whatever the word.
 */
export const SEARCH_CANDIDATES = 100;
/** The first window looked in; most searches of common words end there. */
const FIRST_WINDOW_DAYS = 7;
/** A window estimated longer than this becomes no window at all. */
const LONGEST_WINDOW_DAYS = 366;

const CandidatesSchema = z.object({
  rows: z.array(z.object({ kind: z.enum(SEARCH_KINDS), itemId: z.coerce.number(), rank: z.coerce.number() })),
});
export type Candidate = z.infer<typeof CandidatesSchema>["rows"][number];
const QueryTextSchema = z.object({ rows: z.array(z.object({ q: z.string() })) });

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
 * The viewer's SEARCH_CANDIDATES newest matches (all of them when fewer), each with its ts_rank, best
 * first (ties: newest first). A GIN
 * index alone cannot give the newest matches without reading every match's row, so the search looks
 * in a window of recent dates first, where PostgreSQL intersects the word index with the (audience,
 * date) index before reading rows, and widens the window, at the rate the last one found matches,
 * until it holds enough or covers everything.
 */
export async function newestMatches(db: Database, viewer: Viewer, terms: string[]): Promise<Candidate[]> {
  // The query as a constant, so the planner sees how common its words are and picks the indexes to match.
  const [text] = QueryTextSchema.parse(await db.execute(sql`select (${prefixTsQuery(terms, "&")})::text as q`)).rows;
  if (!text?.q) return [];
  const query = sql`${text.q}::tsquery`;
  const audiences = audiencesFor(viewer);
  for (let days: number | null = FIRST_WINDOW_DAYS; ; ) {
    const found = CandidatesSchema.parse(await db.execute(candidatesWithin(query, audiences, days))).rows;
    if (found.length >= SEARCH_CANDIDATES || days === null) return found;
    days = nextWindow(days, found.length);
  }
}

/** Twice the days that held `found` matches needs to hold SEARCH_CANDIDATES at the same rate; none found: everything. */
function nextWindow(days: number, found: number): number | null {
  const estimate = found === 0 ? Infinity : Math.ceil((2 * days * SEARCH_CANDIDATES) / found);
  return estimate > LONGEST_WINDOW_DAYS ? null : estimate;
}

function candidatesWithin(query: SQL, audiences: string[], days: number | null): SQL {
  const since = days === null ? undefined : gte(searchEntries.at, sql`now() - make_interval(days => ${days})`);
  const newest = sql`select ${searchEntries.kind}, ${searchEntries.itemId}, ${searchEntries.at}, ${searchEntries.vector} from ${searchEntries}
    where ${and(sql`${searchEntries.vector} @@ ${query}`, inArray(searchEntries.audience, audiences), since)}
    order by ${desc(searchEntries.at)} limit ${SEARCH_CANDIDATES}`;
  return sql`select newest.kind, newest.item_id as "itemId", ts_rank(newest.vector, ${query}) as rank from (${newest}) as newest
    order by rank desc, newest.at desc, newest.kind, newest.item_id`;
}
