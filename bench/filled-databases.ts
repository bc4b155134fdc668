import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres, type DatabaseHandle } from "../server/db/client";

type Run = (label: string, env: Record<string, string>, port: number) => Promise<void>;

async function migrateAndFill(handle: DatabaseHandle, fill: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  try {
    await handle.migrate();
    await fill(handle);
  } finally {
    await handle.close();
  }
}

/**
 * Runs `run` against a PGlite data folder filled by `fill`, then, with BENCH_DATABASE_URL, against a
 * fresh PostgreSQL database filled the same way (dropped afterwards). `port` and `port + 1` are used.
 */
export async function onFilledDatabases(name: string, fill: (handle: DatabaseHandle) => Promise<void>, port: number, run: Run): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  try {
    await migrateAndFill(await openPglite(path.join(dataDir, "db")), fill);
    await run("PGlite (embedded default)", { DATA_DIR: dataDir }, port);
    const adminUrl = process.env.BENCH_DATABASE_URL;
    if (!adminUrl) return console.log("\n(BENCH_DATABASE_URL is not set: PostgreSQL run skipped)");
    const database = `bench_${name}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      // A fill is one long statement, not a request: without the app's statement bounds.
      await migrateAndFill(openPostgres(url.toString(), { statementTimeoutMs: 0, queryTimeoutMs: 0 }), fill);
      await run("PostgreSQL (BENCH_DATABASE_URL)", { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, port + 1);
    } finally {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
