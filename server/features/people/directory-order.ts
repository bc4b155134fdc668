import { and, asc, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { memberProfiles as profiles } from "./people.table";

/**
 * How a directory page is read. Walking a partial index in the page's order and keeping the
 * matching rows finds a page of a common search at once, but reads the whole directory for a word
 * nobody has, and PostgreSQL's estimate of a prefix search cannot tell the two apart (282 ms on
 * PGlite for a search with no match, docs/benchmarks.md). So a search first counts its matches
 * through the search index, up to FEW_MATCHES; when there are fewer, the page is read through that
 * index and sorted, by spelling the order so that no partial index fits it.
 */
const FEW_MATCHES = 500;

/** True when fewer than FEW_MATCHES listed profiles meet `conditions` (a bounded count: a common word stops early). */
export async function hasFewMatches(db: Database, conditions: SQL[]): Promise<boolean> {
  const [row] = await db.select({ matches: sql<number>`count(*)::int` }).from(sql`(select 1 from ${profiles} where ${and(...conditions)} limit ${FEW_MATCHES}) as probe`);
  return Number(row?.matches ?? 0) < FEW_MATCHES;
}

/**
 * The page's order: newest (exactly the partial index's `joined_at desc nulls last`, then user_id) or
 * by name (sort_name, user_id). `sortMatches` spells the same order as expressions no index has.
 */
export function orderOf(sort: "newest" | "name", sortMatches: boolean): SQL[] {
  if (sort === "name") return [sortMatches ? sql`${profiles.sortName} || ''` : asc(profiles.sortName), asc(profiles.userId)];
  return [sortMatches ? sql`${profiles.joinedAt} + interval '0 seconds' desc nulls last` : sql`${profiles.joinedAt} desc nulls last`, asc(profiles.userId)];
}
