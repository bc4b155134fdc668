import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { buildServerIfChanged } from "../../scripts/server-bundle.mjs";
import { wrapPglite } from "../db/client";
import { createPostgresTemplate, PGLITE_TEMPLATE_PATH, POSTGRES_TEMPLATE_ENV } from "./test-database";

/**
 * Bundles the server and the commands that tests start as processes unless their bundles are current (plain
 * Node starts them in a tenth of the CPU that tsx needs), then runs initdb and the migrations once: every PGlite test app loads that
 * snapshot (~0.7 s instead of ~4 s). On PostgreSQL, migrates one template database for the run instead: each test app's
 * database is copied from it (dropped at the end).
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  await buildServerIfChanged();
  if (process.env.TEST_DB === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const template = await createPostgresTemplate(adminUrl);
    // Read by createTestDatabase in the test processes, which start after this and inherit the environment.
    process.env[POSTGRES_TEMPLATE_ENV] = template.name;
    return template.drop;
  }
  const client = new PGlite({ extensions: { pg_trgm } });
  await wrapPglite(client).migrate();
  const dump = await client.dumpDataDir("none");
  await client.close();
  mkdirSync(new URL(".", `file://${PGLITE_TEMPLATE_PATH}`).pathname, { recursive: true });
  // Written aside and renamed: parallel test runs must never load a half-written snapshot.
  const partial = `${PGLITE_TEMPLATE_PATH}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, PGLITE_TEMPLATE_PATH);
}
