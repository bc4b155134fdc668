import { mkdirSync } from "node:fs";
import type { Socket } from "node:net";
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
import { listenOnPostgres, type ChannelHandlers, type StopListening } from "./notify-listener";
import { DEFAULT_POOL_SETTINGS, type PoolSettings } from "./pool-settings";

export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database over a connection of its own (PGlite: the same client), for readiness: a
   * pool busy to its last connection does not make a healthy database look down.
   */
  probe: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Embedded only: an uncompressed tarball of the data directory taken between two queries, and when (server/ops/backup-snapshot.ts). */
  dumpDataDir?(): Promise<{ tarball: Blob; takenAt: Date }>;
  /**
   * LISTENs on `channel` for as long as the returned stop is not called: PostgreSQL over a connection
   * of its own that comes back by itself, PGlite in process. Announce with `select pg_notify(...)`.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<StopListening>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));
/** Arbitrary constant: serializes migrations across instances sharing one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_001;

/** TCP keepalive probes start after this long without traffic, so the OS notices an idle connection that died silently. */
const KEEPALIVE_IDLE_MS = 10_000;
/** node-postgres's error when an answer did not come within `query_timeout`. */
const QUERY_TIMEOUT_MESSAGE = "Query read timeout";
/** Readiness's bound: the README promises an answer about the database within 2 s. */
const PING_TIMEOUT_MS = 2000;

/**
 * node-postgres against DATABASE_URL, every wait bounded (`settings`, README "Running on PostgreSQL"):
 * a database that stops answering, or a connection the network silently lost, costs a request a 503
 * within seconds instead of hanging it, and the pool replaces the dead connections by itself.
 */
export function openPostgres(connectionString: string, overrides: Partial<PoolSettings> = {}): DatabaseHandle {
  const settings = { ...DEFAULT_POOL_SETTINGS, ...overrides };
  const pool = boundedPool(connectionString, {
    max: settings.poolSize,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    query_timeout: settings.queryTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
  });
  // Readiness asks over a connection of its own, so a pool busy to its last connection (a burst of
  // webhooks) does not make a healthy database look down and take the instance out of rotation.
  const probePool = boundedPool(connectionString, { max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: PING_TIMEOUT_MS, query_timeout: PING_TIMEOUT_MS });
  const db = drizzlePostgres(pool) as unknown as Database;
  const probe = drizzlePostgres(probePool) as unknown as Database;
  return {
    db,
    probe,
    kind: "postgres",
    async migrate() {
      // A connection of its own without the pool's bounds: a migration (an index build over every
      // post) may run for minutes, and the other instances wait on its lock as long.
      const client = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.end();
      }
    },
    ping: (timeoutMs) => pingWith(probe, timeoutMs),
    listen: (channel, handlers) => listenOnPostgres(connectionString, channel, handlers),
    async close() {
      await Promise.all([pool.end(), probePool.end()]);
    },
  };
}

function boundedPool(connectionString: string, config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS, ...config });
  pool.on("error", () => {
    // An idle client losing its connection is reported by the next query; nothing to do here.
  });
  const inUse = new Set<pg.PoolClient>();
  pool.on("acquire", (client) => inUse.add(client));
  pool.on("release", (_error, client) => inUse.delete(client));
  pool.on("connect", (client) => {
    // A client in use has no other listener (drizzle's transactions hold one): a connection lost
    // then would be an uncaught error. Its query hears of it.
    client.on("error", () => undefined);
    // drizzle's transaction() never releases its client when the BEGIN fails (its release is in a
    // `finally` the BEGIN is outside of): every BEGIN lost to a partition kept one connection of the
    // pool for good. A client whose connection ended is handed back here; its holder's release is moot.
    client.on("end", () => {
      if (!inUse.has(client)) return;
      client.release(new Error("the connection ended"));
      client.release = () => undefined;
    });
    resetOnQueryTimeout(client);
  });
  return pool;
}

/**
 * A connection whose answer did not come in time may be dead, or hold a transaction half-run: it
 * is reset at once, which makes the pool drop it however it is released (drizzle's transactions
 * release without the error). A reset, unlike a close, also discards what the connection still had
 * unsent: a statement the member was already told failed is not delivered once the network heals.
 */
function resetOnQueryTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const resetAfter = (error: unknown) => {
    if (error instanceof Error && error.message === QUERY_TIMEOUT_MESSAGE) resetConnection(client);
  };
  const bounded = (...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        resetAfter(error);
        callback(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(resetAfter);
    return result;
  };
  Object.assign(client, { query: bounded });
}

function resetConnection(client: pg.PoolClient): void {
  const { stream } = (client as unknown as { connection: { stream: Socket } }).connection;
  try {
    stream.resetAndDestroy();
  } catch {
    // A TLS socket has no TCP handle of its own to reset: closing it still ends the session.
    stream.destroy();
  }
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
    probe: db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    async dumpDataDir() {
      // A checkpoint first, so a restore replays little or no WAL.
      await client.query("checkpoint");
      // PGlite runs queries in the order they are queued, and this copy is queued now: it holds every
      // write queued before this moment and none queued after.
      const takenAt = new Date();
      // Uncompressed: every query waits while the copy is made, and gzip there stalled writes for
      // seconds; the caller compresses after.
      return { tarball: await client.dumpDataDir("none"), takenAt };
    },
    async listen(channel, handlers) {
      const unsubscribe = await client.listen(channel, handlers.onMessage);
      return () => unsubscribe();
    },
    close: () => client.close(),
  };
}

async function pingWith(db: Database, timeoutMs = PING_TIMEOUT_MS): Promise<boolean> {
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
