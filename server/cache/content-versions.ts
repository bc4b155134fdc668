import type { Database } from "../db/client";
import { contentVersions } from "./content-versions.table";

/** The areas migration 0011 keeps a counter for; each names the tables whose writes bump it. */
export type ContentArea = "videos" | "resources" | "sessions" | "community";

export interface ContentVersions {
  /** The counters, read again when the last read is older than `checkEveryMs` or was marked stale. */
  current(): Promise<ReadonlyMap<string, number>>;
  /** Forces the next `current()` to read the database: this instance just wrote. */
  markStale(): void;
}

/**
 * This instance's copy of the content counters, at most `checkEveryMs` old: a write on another
 * instance shows here after that long (plus one small read); writes through this instance at once.
 */
export function createContentVersions(db: Database, checkEveryMs: number): ContentVersions {
  const read = db.select().from(contentVersions).prepare("content_versions_all");
  let known: ReadonlyMap<string, number> | null = null;
  let checkedAt = 0;
  // One read at a time serves every request waiting for it; a stale mark drops it, since it may have
  // started before the write that caused the mark committed.
  let pending: Promise<ReadonlyMap<string, number>> | null = null;

  const refresh = (): Promise<ReadonlyMap<string, number>> => {
    const startedAt = Date.now();
    const reading = read.execute().then((rows) => {
      const versions = new Map(rows.map((row) => [row.area, row.version]));
      if (pending === reading) {
        known = versions;
        checkedAt = startedAt;
        pending = null;
      }
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
