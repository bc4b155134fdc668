import path from "node:path";
import type { Env } from "../env";
import { openPglite, openPostgres, type DatabaseHandle } from "./client";
import { lockDataFolder, type DataFolderLock, type LockOwner } from "./data-folder-lock";
import type { PoolSettings } from "./pool-settings";

export interface OpenedDatabase extends DatabaseHandle {
  /** The lock on DATA_DIR held while the embedded database is open; null on PostgreSQL. */
  dataFolder: DataFolderLock | null;
}

export interface ClaimedDatabase {
  /** Opens the claimed database; the embedded one resolves once it answers (initdb on a first start). */
  open(): Promise<OpenedDatabase>;
}

/**
 * PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR/db after taking DATA_DIR for
 * this process: DataFolderBusyError at once when another process holds it. In two steps so that a
 * refused start is refused before anything else begins. Closing the database releases the folder.
 */
export async function claimDatabase(env: Env, role: LockOwner["role"], onLockLost: (error: Error) => void): Promise<ClaimedDatabase> {
  const { DATABASE_URL: databaseUrl } = env;
  if (databaseUrl) return { open: async () => ({ ...openPostgres(databaseUrl, poolSettings(env)), dataFolder: null }) };
  const dataFolder = await lockDataFolder(env.DATA_DIR, role, onLockLost);
  return {
    async open() {
      let database: DatabaseHandle;
      try {
        database = await openPglite(path.join(env.DATA_DIR, "db"));
      } catch (error) {
        await dataFolder.release();
        throw error;
      }
      return {
        ...database,
        dataFolder,
        async close() {
          try {
            await database.close();
          } finally {
            await dataFolder.release();
          }
        },
      };
    },
  };
}

function poolSettings(env: Env): PoolSettings {
  return {
    poolSize: env.DATABASE_POOL_SIZE,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/** claimDatabase, then open. */
export async function openDatabase(env: Env, role: LockOwner["role"], onLockLost: (error: Error) => void): Promise<OpenedDatabase> {
  return (await claimDatabase(env, role, onLockLost)).open();
}
