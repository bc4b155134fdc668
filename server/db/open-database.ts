import path from "node:path";
import type { Env } from "../env";
import { openPglite, openPostgres, type DatabaseHandle } from "./client";

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR/db. */
export function openDatabase(env: Env): DatabaseHandle {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(path.join(env.DATA_DIR, "db"));
}
