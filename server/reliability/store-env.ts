import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { seedPgliteFolder } from "../test/test-database";

/** True when this run's store is PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL). */
export const onPostgres = process.env.TEST_DB === "postgres";

/** Runs one statement on the PostgreSQL server of TEST_DATABASE_URL, in its own connection. */
export async function adminStatement(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? "" });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/**
 * Stores for server processes started by a test file, each dropped by `cleanup()`: a data folder,
 * and on PostgreSQL a fresh, empty database beside it.
 */
export function createStores(prefix: string) {
  const folders: string[] = [];
  const databases: string[] = [];

  function dataFolder(): string {
    const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    folders.push(dataDir);
    return dataDir;
  }

  /** A fresh database on TEST_DATABASE_URL's server; its URL. */
  async function emptyPostgres(): Promise<string> {
    const name = `test_${prefix.replace(/\W/g, "_")}_${randomBytes(5).toString("hex")}`;
    await adminStatement(`create database ${name}`);
    databases.push(name);
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    url.pathname = `/${name}`;
    return url.toString();
  }

  /**
   * The environment of a server on a store of this run's kind, with sign-in limits a test's bursts
   * do not hit: on PGlite the suite's migrated snapshot (seconds less than initdb), on PostgreSQL
   * an empty database that the server migrates.
   */
  async function storeEnv(): Promise<NodeJS.ProcessEnv> {
    const dataDir = dataFolder();
    const base = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, "no-web-build"), AUTH_RATE_LIMIT_IP: "100000", AUTH_RATE_LIMIT_ACCOUNT: "100000" };
    if (onPostgres) return { ...base, DATABASE_URL: await emptyPostgres() };
    await seedPgliteFolder(dataDir);
    return { ...base, DATABASE_URL: "" };
  }

  async function cleanup(): Promise<void> {
    for (const name of databases) await adminStatement(`drop database if exists ${name} with (force)`);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }

  return { dataFolder, emptyPostgres, storeEnv, cleanup };
}
