import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { REQUIRED_PLAN, RESOURCE_TIERS } from "../../../common/content";
import { SEARCH_KINDS, SEARCH_RESULTS_LIMIT, type SearchResponse, type SearchResult } from "../../../common/contracts/search";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { rankedCandidates } from "./search-candidates";
import { visibleItem } from "./search-checks";
import { markMatches, matchedWords, snippetOf } from "./search-highlight";
import { prefixTsQuery, searchTerms } from "./search-terms";

const RowSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.coerce.number(),
  title: z.string().nullable(),
  body: z.string(),
  level: z.enum(RESOURCE_TIERS),
  locked: z.boolean(),
  date: z.string(),
});
const RowsSchema = z.object({ rows: z.array(RowSchema) });
type Row = z.infer<typeof RowSchema>;

/**
 * The best SEARCH_RESULTS_LIMIT of the ranked candidates that pass their own rows' checks, in one
 * statement. The candidates come in rank order and each is checked in a lateral join, so the limit
 * stops the reading once enough passed: the entries already hold only what the viewer's lists hold,
 * so that is usually the first 30, and a few more where moderation hid some. Dates are formatted only
 * for those answered.
 */
function resultsQuery(viewer: Viewer, terms: string[]): SQL {
  return sql`
    select candidate.kind, candidate.item_id as id, item.title, item.body, item.level, item.locked,
      to_char(item.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date
    from ${rankedCandidates(prefixTsQuery(terms, "&"), viewer)} as candidate
    cross join lateral ${visibleItem(viewer, sql.raw("candidate"))} as item(title, body, level, locked, at)
    order by candidate.rank desc, candidate.at desc, candidate.kind, candidate.item_id
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
  const rows = RowsSchema.parse(await db.execute(resultsQuery(viewer, terms))).rows;
  if (rows.length === 0) return { query, results: [] };
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
