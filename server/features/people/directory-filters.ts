import { sql, type SQL } from "drizzle-orm";
import type { DirectoryFilters } from "../../../common/contracts/people";
import type { Database } from "../../db/client";
import { listedCondition } from "./people.policy";
import { memberProfiles as profiles } from "./people.table";

/** Tags and countries the filters offer: the most used ones. */
const MOST_USED = 40;

/**
 * The filters' choices read the whole directory, so each instance reads them at most once per
 * `maxAgeMs` and serves every member the same answer meanwhile: a new tag shows in the list a
 * little later, while searching for it works at once.
 */
export function directoryFiltersReader(db: Database, maxAgeMs: number): () => Promise<DirectoryFilters> {
  let cached: { at: number; value: Promise<DirectoryFilters> } | null = null;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at >= maxAgeMs) {
      const value = readDirectoryFilters(db);
      cached = { at: now, value };
      // A failed read is not kept: the next request tries again.
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };
}

async function readDirectoryFilters(db: Database): Promise<DirectoryFilters> {
  const [tags, countries] = await Promise.all([
    rowsOf<{ tag: string; members: number }>(
      db,
      sql`select tag, count(*)::int as members from ${profiles}, unnest(${profiles.expertise}) as tag where ${listedCondition} group by tag order by members desc, tag limit ${MOST_USED}`,
    ),
    rowsOf<{ code: string; members: number }>(
      db,
      sql`select ${profiles.country} as code, count(*)::int as members from ${profiles} where ${listedCondition} and ${profiles.country} <> '' group by ${profiles.country} order by members desc, code limit ${MOST_USED}`,
    ),
  ]);
  return {
    expertise: tags.map((row) => ({ tag: row.tag, members: Number(row.members) })),
    countries: countries.map((row) => ({ code: row.code, members: Number(row.members) })),
  };
}

/** Both drivers answer `execute` with `{ rows }`. */
async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
