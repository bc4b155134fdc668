import path from "node:path";
import type { Env } from "../env";
import { openPglite, openPostgres, type DatabaseHandle } from "./client";
import { lockDataFolder, type DataFolderLock, type LockOwner } from "./data-folder-lock";

export interface OpenedDatabase extends DatabaseHandle {
  /** The lock on DATA_DIR held while the embedded database is open; null on PostgreSQL. */
  dataFolder: DataFolderLock | null;
}

/**
 * PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR/db, after taking DATA_DIR
 * for this process (DataFolderBusyError at once when another process holds it). Closing releases it.
 */
export async function openDatabase(env: Env, role: LockOwner["role"], onLockLost: (error: Error) => void): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) return { ...openPostgres(env.DATABASE_URL), dataFolder: null };
  const dataFolder = await lockDataFolder(env.DATA_DIR, role, onLockLost);
  const database = openPglite(path.join(env.DATA_DIR, "db"));
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
}
