import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { contentChanges, contentVersions } from "./content-versions.table";

/** The areas migration 0011 keeps a counter for; each names the tables whose writes bump it. */
export type ContentArea = "videos" | "resources" | "sessions" | "community";

export interface ContentVersions {
  /** The versions, read again when the last read is older than `checkEveryMs` or was marked stale. */
  current(): Promise<ReadonlyMap<string, number>>;
  /** Forces the next `current()` to read the database: this instance just wrote. */
  markStale(): void;
}

/**
 * Change rows left for a read to count before an instance folds them into the counters: a version
 * read stays a count of at most a few hundred small rows however many writes came before.
 */
const FOLD_AFTER_CHANGES = 100;

/**
 * Moves every committed change row into its area's counter in one statement, so every reader sees
 * the same sum before and after. Change rows inserted meanwhile are not visible to the delete and
 * stay for the next fold; a fold running at the same time on another instance waits for this one's
 * rows and then finds them gone, so no change is counted twice.
 */
const FOLD = sql`
  with folded as (delete from ${contentChanges} returning ${contentChanges.area}),
  counts as (select area, count(*) as n from folded group by area)
  update ${contentVersions} set version = ${contentVersions.version} + counts.n from counts where ${contentVersions.area} = counts.area`;

/**
 * This instance's copy of the content versions, at most `checkEveryMs` old: a write on another
 * instance shows here after that long (plus one small read); writes through this instance at once.
 */
export function createContentVersions(db: Database, checkEveryMs: number): ContentVersions {
  // Counter and change rows in one statement: one snapshot, so a fold never makes a version jump or
  // repeat, and a writer's change row counts exactly when its write is committed.
  // Qualified by hand: drizzle writes a one-table select's columns unqualified, which inside the
  // subquery would name the change row's own area.
  const unfolded = sql<number>`(select count(*) from ${contentChanges} as changes where changes.area = ${contentVersions}.area)`.mapWith(Number);
  const read = db.select({ area: contentVersions.area, folded: contentVersions.version, unfolded }).from(contentVersions).prepare("content_versions_read");
  let known: ReadonlyMap<string, number> | null = null;
  let checkedAt = 0;
  // One read at a time serves every request waiting for it; a stale mark drops it, since it may have
  // started before the write that caused the mark committed.
  let pending: Promise<ReadonlyMap<string, number>> | null = null;
  let folding: Promise<void> | null = null;

  const fold = () => {
    // A fold that fails changed nothing (one statement); a later read tries again.
    folding ??= db
      .execute(FOLD)
      .then(() => undefined, () => undefined)
      .finally(() => (folding = null));
  };

  const refresh = (): Promise<ReadonlyMap<string, number>> => {
    const startedAt = Date.now();
    const reading = read.execute().then((rows) => {
      const versions = new Map(rows.map((row) => [row.area, row.folded + row.unfolded]));
      if (pending === reading) {
        known = versions;
        checkedAt = startedAt;
        pending = null;
      }
      if (rows.some((row) => row.unfolded >= FOLD_AFTER_CHANGES)) fold();
      return versions;
    });
    reading.catch(() => {
      if (pending === reading) pending = null;
    });
    pending = reading;
    return reading;
  };

  return {
    current() {
      if (known && Date.now() - checkedAt < checkEveryMs) return Promise.resolve(known);
      return pending ?? refresh();
    },
    markStale() {
      checkedAt = 0;
      pending = null;
    },
  };
}
