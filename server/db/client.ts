import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Embedded only: a gzipped tarball of the data directory taken between two queries (server/ops/backup.ts). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));
/** Arbitrary constant: serializes migrations across instances sharing one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_001;

/** node-postgres against DATABASE_URL. */
export function openPostgres(connectionString: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5000 });
  pool.on("error", () => {
    // An idle client losing its connection is reported by the next query; nothing to do here.
  });
  const db = drizzlePostgres(pool) as unknown as Database;
  return {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    close: () => pool.end(),
  };
}

/**
 * PGlite reserves PostgreSQL's shared buffers inside its WebAssembly memory at start, resident for
 * the process's life: the default 128 MB held the server at 409 MB idle and 431 MB under the
 * 50-connection bench with 100,000 posts; 32 MB holds it at 271 and 311 MB (issue 14's bound is 400).
 * Pages beyond the buffers are read from the data folder through the OS's file cache, and the members'
 * lists are answered from the answer cache (server/cache) anyway.
 */
const PGLITE_SETTINGS = ["-c", "shared_buffers=32MB"];

/**
 * Embedded PostgreSQL (PGlite) in `dataDir`, or in memory for tests when `dataDir` is undefined;
 * resolves once it answers. PGlite starts its WebAssembly and loads or creates its data in the
 * background, which takes seconds on a busy machine: handed out earlier, that time was charged to
 * whichever query came first (the health check's 2 s answered 503 on a database that was fine).
 */
export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
  await client.waitReady;
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    async dumpDataDir() {
      // A checkpoint first, so a restore replays little or no WAL.
      await client.query("checkpoint");
      return client.dumpDataDir("gzip");
    },
    close: () => client.close(),
  };
}

async function pingWith(db: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
