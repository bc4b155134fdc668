import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres, type DatabaseHandle } from "../db/client";

export const PGLITE_TEMPLATE_PATH = path.resolve(".tmp/pglite-template.tar");
/** Names the PostgreSQL database the global setup migrated once for this run; each test app's database is copied from it. */
export const POSTGRES_TEMPLATE_ENV = "TEST_POSTGRES_TEMPLATE";

/** Migrates a new database on TEST_DATABASE_URL's server once per run (global setup); returns its name and how to drop it. */
export async function createPostgresTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `test_template_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const handle = openPostgres(databaseUrl(adminUrl, name), { poolSize: 1, statementTimeoutMs: 60_000, queryTimeoutMs: 61_000 });
  try {
    await handle.migrate();
  } finally {
    // A template must have no connections while it is copied.
    await handle.close();
  }
  return { name, drop: () => withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An embedded data folder holding the suite's migrated snapshot: what a started server finds without running initdb (seconds of CPU). */
export async function seedPgliteFolder(dataDir: string): Promise<void> {
  const seeded = await openPglite(path.join(dataDir, "db"), { loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE_PATH)]) });
  await seeded.close();
}

/**
 * A fresh, migrated database for one test app: PGlite loaded from the migrated snapshot, or, with
 * TEST_DB=postgres, a new database on TEST_DATABASE_URL's server that is dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== "postgres") {
    const snapshot = new Blob([readFileSync(PGLITE_TEMPLATE_PATH)]);
    return openPglite(undefined, { loadDataDir: snapshot });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `test_${randomBytes(6).toString("hex")}`;
  // Copying the run's migrated template takes a fraction of running every migration again.
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await withAdminClient(adminUrl, (client) => client.query(template ? `create database ${name} template ${template}` : `create database ${name}`));
  // Fixtures write thousands of rows in one statement while other suites load the machine: the
  // production statement bound (5 s) cut one off in CI. The bounds themselves are tested through
  // server processes (server/reliability/database-partition.test.ts).
  const handle = openPostgres(databaseUrl(adminUrl, name), { poolSize: 4, statementTimeoutMs: 60_000, queryTimeoutMs: 61_000 });
  if (!template) await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
