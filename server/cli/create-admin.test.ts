import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { bundledScript } from "../test/server-bundles";
import { seedPgliteFolder } from "../test/test-database";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "admin-cli-"));
const postgresAdminUrl = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
const databaseName = `cli_${randomBytes(5).toString("hex")}`;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function targetEnv(): Record<string, string> {
  if (!postgresAdminUrl) return { DATA_DIR: dataDir };
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${databaseName}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString(), AUTH_SECRET: "cli-test-secret-0123456789abcdefghijklmnop" };
}

function createAdmin(args: string[]) {
  return run("node", [bundledScript("cli/create-admin"), ...args], {
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", ...targetEnv() },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (postgresAdminUrl) await adminQuery(`drop database if exists ${databaseName} with (force)`);
});

describe("npm run admin:create", () => {
  it("creates an admin once, refuses a second account with that email, and explains bad arguments", async () => {
    // Initdb on a fresh folder is the first start's work (server/main.test.ts); the command finds a migrated one.
    if (postgresAdminUrl) await adminQuery(`create database ${databaseName}`);
    else await seedPgliteFolder(dataDir);
    const first = await createAdmin(["--email", "chief@example.com", "--password", "chief-pass-1", "--name", "Chief"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Created admin chief@example.com");
    const again = await createAdmin(["--email", "chief@example.com", "--password", "chief-pass-1"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");
    const bad = await createAdmin(["--email", "nope", "--password", "x"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--email must be an email address");
  }, 60_000);
});
