// .ci/run's helper: create or drop one database on the machine's PostgreSQL, with the pg driver (no psql needed).
import pg from "pg";

const [action, adminUrl, name] = process.argv.slice(2);
if (!["create", "drop"].includes(action) || !adminUrl || !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("usage: node scripts/ci-database.mjs create|drop <admin-url> <name>");
  process.exit(2);
}
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
try {
  await client.query(action === "create" ? `create database ${name}` : `drop database if exists ${name} with (force)`);
  console.log(`${action === "create" ? "created" : "dropped"} database ${name}`);
} finally {
  await client.end();
}
