import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { DatabaseHandle } from "../../db/client";

const JOURNAL_FILE = fileURLToPath(new URL("../../db/migrations/meta/_journal.json", import.meta.url));
const JournalSchema = z.object({ entries: z.array(z.object({ when: z.number(), tag: z.string() })).min(1) });
/** drizzle stores `created_at` as bigint: node-postgres hands it over as a string, PGlite as a number. */
const AppliedSchema = z.object({ rows: z.array(z.object({ applied: z.union([z.string(), z.number(), z.null()]) })) });

export type Readiness =
  | { status: "ready" }
  | { status: "unavailable"; reason: "database"; message: string }
  | { status: "unavailable"; reason: "migrations"; message: string };

/** The newest committed migration: the database is current once drizzle has recorded it. */
export function newestMigration(): { when: number; tag: string } {
  const { entries } = JournalSchema.parse(JSON.parse(readFileSync(JOURNAL_FILE, "utf8")));
  return entries.reduce((newest, entry) => (entry.when > newest.when ? entry : newest));
}

/**
 * Whether this instance can serve: the database answers within the ping's time, and drizzle's
 * migrations table holds the newest migration this code was built with (the same comparison its
 * migrator makes). A new release started against an old schema, or a database that stopped
 * answering, is taken out of rotation instead of failing members' requests. Both questions go over
 * the database's probe connection: a pool busy to its last connection is not a database that is down.
 */
export async function checkReadiness(database: DatabaseHandle): Promise<Readiness> {
  if (!(await database.ping())) return { status: "unavailable", reason: "database", message: "The database is not answering." };
  const newest = newestMigration();
  let applied: number;
  try {
    const result = AppliedSchema.parse(await database.probe.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`));
    applied = Number(result.rows[0]?.applied ?? 0);
  } catch {
    // Pinged a moment ago: a missing migrations table means nothing was migrated yet.
    applied = 0;
  }
  if (applied < newest.when) {
    return { status: "unavailable", reason: "migrations", message: `The database schema is behind this release (waiting for migration ${newest.tag}).` };
  }
  return { status: "ready" };
}
