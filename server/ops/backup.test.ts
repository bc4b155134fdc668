import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newestMigration } from "../features/system/readiness";
import { killHard, startServerProcess, type ServerProcess } from "../reliability/server-process";
import { bundledScript } from "../test/server-bundles";
import { PGLITE_TEMPLATE_PATH, seedPgliteFolder } from "../test/test-database";
import { packBackup } from "./backup";
import { POSTGRES_BACKUP_HINT, POSTGRES_RESTORE_HINT } from "./postgres-backup";
import { AUTH_SECRET_FILE, DATABASE_FILE, FILES_FOLDER, MANIFEST_FILE, type BackupManifest } from "./backup-format";

// npm run backup and npm run restore on the embedded store, end to end: real server, real commands.
// With DATABASE_URL the commands only point to pg_dump and pg_restore, so the PostgreSQL run checks that.
const onPostgres = process.env.TEST_DB === "postgres";
const folders: string[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) await killHard(server);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const created = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(created);
  return created;
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function command(script: "backup" | "restore", args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile("node", [bundledScript(`cli/${script}`), ...args], { cwd, env: { ...process.env, LOG_LEVEL: "warn", ...env }, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
  });
}

async function call(base: string, url: string, body?: object, cookie?: string) {
  const response = await fetch(`${base}${url}`, {
    method: body ? "POST" : "GET",
    headers: { origin: base, ...(body ? { "content-type": "application/json" } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  return { status: response.status, cookie: cookies, json: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

const signUp = (base: string, email: string) => call(base, "/api/auth/sign-up/email", { name: "Backed Up", email, password: "secret12" });
const signIn = (base: string, email: string) => call(base, "/api/auth/sign-in/email", { email, password: "secret12" });

/** Every file under `root` with a hash of its bytes: equal before and after means nothing was touched. */
function fingerprint(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(root, file)] = createHash("sha256").update(readFileSync(file)).digest("hex");
  }
  return found;
}

async function stop(server: ServerProcess): Promise<void> {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

describe.skipIf(onPostgres)("npm run backup and npm run restore (embedded database)", () => {
  it("backs up while the server serves, refuses to restore under it, and brings the backup's data, files and sessions back", async () => {
    const dataDir = folder("backup-data-");
    const backups = folder("backup-files-");
    await seedPgliteFolder(dataDir);
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", S3_BUCKET: "", WEB_DIST_DIR: path.join(dataDir, "no-web-build"), AUTH_RATE_LIMIT_IP: "100000", AUTH_RATE_LIMIT_ACCOUNT: "100000" };
    // A stored upload, as the local file store keeps it, and one still being written.
    mkdirSync(path.join(dataDir, "files", "media"), { recursive: true });
    const upload = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 251));
    writeFileSync(path.join(dataDir, "files", "media", "kept.bin"), upload);
    writeFileSync(path.join(dataDir, "files", "media", "half.bin.partial"), "unfinished");

    const server = await startServerProcess(env);
    servers.push(server);
    const before = await signUp(server.base, "before@example.com");
    expect(before.status).toBe(200);

    // Members keep signing up while the backup runs: each sign-up with when it was sent and acknowledged.
    const acknowledged: Array<{ email: string; sentAt: number; ackedAt: number }> = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n += 1) {
        const email = `during-${n}@example.com`;
        const sentAt = Date.now();
        if ((await signUp(server.base, email)).status === 200) acknowledged.push({ email, sentAt, ackedAt: Date.now() });
      }
    })();
    while (acknowledged.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    const file = path.join(backups, "nightly.tar.gz");
    const backup = await command("backup", ["--file", file], env);
    writing = false;
    await writer;
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(`^Snapshot taken by the running server \\(pid ${server.child.pid}\\), which kept serving\\. Backup written to ${file}: the data as of \\S+Z, database \\d+\\.\\d MB, 1 file \\(69 kB\\)\\. Restore it with the server stopped: npm run restore -- ${file}\\n$`),
    );
    // The time printed is the cut: sign-ups acknowledged before it are in the backup, ones sent after it are not.
    const cut = Date.parse(/the data as of (\S+Z),/.exec(backup.stdout)?.[1] ?? "");
    const inBackup = acknowledged.filter((write) => write.ackedAt <= cut).map((write) => write.email);
    const afterCut = acknowledged.filter((write) => write.sentAt >= cut).map((write) => write.email);
    expect(inBackup.length).toBeGreaterThanOrEqual(3);
    expect(afterCut.length).toBeGreaterThan(0);
    // The server kept serving throughout, and left no staging folder behind.
    expect((await call(server.base, "/api/me", undefined, before.cookie)).status).toBe(200);
    expect(readdirSync(dataDir).filter((name) => name.startsWith("backup-staging-"))).toEqual([]);
    expect(readdirSync(backups)).toEqual(["nightly.tar.gz"]);
    // It holds password hashes and the auth secret: for the operator's eyes only.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Written after the backup: gone once it is restored.
    expect((await signUp(server.base, "after@example.com")).status).toBe(200);
    writeFileSync(path.join(dataDir, "files", "media", "later.bin"), "later");

    const underServer = await command("restore", [file], env);
    expect(underServer.code).toBe(1);
    expect(underServer.stderr).toContain(`is in use by process ${server.child.pid} (the server`);
    expect(underServer.stderr).toContain("Stop the server first: a restore replaces the data it is serving. Nothing was changed.");
    expect((await signIn(server.base, "after@example.com")).status).toBe(200);

    await stop(server);
    const restored = await command("restore", [file], env);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${file} (taken `);
    const replaced = readdirSync(dataDir).find((name) => name.startsWith("replaced-"));
    expect(replaced).toBeDefined();
    expect(restored.stdout).toContain(path.join(dataDir, replaced ?? ""));

    const again = await startServerProcess(env);
    servers.push(again);
    expect((await signIn(again.base, "before@example.com")).status).toBe(200);
    for (const email of inBackup) expect((await signIn(again.base, email)).status, email).toBe(200);
    for (const email of afterCut) expect((await signIn(again.base, email)).status, email).toBe(401);
    expect((await signIn(again.base, "after@example.com")).status).toBe(401);
    // The session made before the backup still works: its row and the auth secret came back together.
    expect((await call(again.base, "/api/me", undefined, before.cookie)).json).toMatchObject({ user: { email: "before@example.com" } });
    expect(readFileSync(path.join(dataDir, "files", "media", "kept.bin")).equals(upload)).toBe(true);
    expect(existsSync(path.join(dataDir, "files", "media", "later.bin"))).toBe(false);
    expect(existsSync(path.join(dataDir, "files", "media", "half.bin.partial"))).toBe(false);
    // What the restore replaced is kept aside, whole.
    expect(existsSync(path.join(dataDir, replaced ?? "", "files", "media", "later.bin"))).toBe(true);
    await stop(again);

    // With the server stopped, the command opens the folder itself; unnamed, the file is named after the cut.
    const offline = await command("backup", [], env, backups);
    expect(offline.code, offline.stderr).toBe(0);
    const takenAt = /the data as of (\S+)\.\d{3}Z,/.exec(offline.stdout)?.[1] ?? "";
    expect(offline.stdout).toContain(`Backup written to ${path.join(backups, "backups", `inventors-community-${takenAt.replace(/:/g, "-")}Z.tar.gz`)}: `);
  }, 240_000);

  it("keeps writes flowing during a backup: the longest write waits less than compressing the copy takes", async () => {
    const dataDir = folder("backup-stall-");
    await seedPgliteFolder(dataDir);
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", S3_BUCKET: "", WEB_DIST_DIR: path.join(dataDir, "no-web-build"), AUTH_RATE_LIMIT_IP: "100000", AUTH_RATE_LIMIT_ACCOUNT: "100000" };
    const server = await startServerProcess(env);
    servers.push(server);
    const { cookie } = await signUp(server.base, "writer@example.com");
    // A cheap write (a profile change), timed from the member's side, one after the other.
    const write = async (n: number) => {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/me/profile`, {
        method: "PATCH",
        headers: { origin: server.base, cookie, "content-type": "application/json" },
        body: JSON.stringify({ name: `Writer ${n}` }),
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      return { started, tookMs: performance.now() - started };
    };
    for (let n = 0; n < 20; n += 1) await write(n);

    const timings: Array<{ started: number; tookMs: number }> = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n += 1) timings.push(await write(n));
    })();
    const file = path.join(folder("backup-stall-file-"), "during-writes.tar.gz");
    const backupStarted = performance.now();
    const backup = await command("backup", ["--file", file], env);
    const backupEnded = performance.now();
    writing = false;
    await writer;
    expect(backup.code, backup.stderr).toBe(0);
    const during = timings.filter((timing) => timing.started + timing.tookMs >= backupStarted && timing.started <= backupEnded);
    expect(during.length).toBeGreaterThan(10);
    const longestWriteMs = Math.max(...during.map((timing) => timing.tookMs));

    // What the copy used to hold every query for on top of reading the data folder: gzipping it
    // (PGlite's dumpDataDir("gzip") ran under its query lock: ~0.9 s here, 4 s on a loaded machine).
    // Timed on this machine now, so its load counts on both sides.
    const unpacked = folder("backup-stall-unpacked-");
    await new Promise<void>((resolve, reject) => execFile("tar", ["-xzf", file, "-C", unpacked, `./${DATABASE_FILE}`], (error) => (error ? reject(error) : resolve())));
    const tarball = readFileSync(path.join(unpacked, DATABASE_FILE));
    const gzipStarted = performance.now();
    await promisify(gzip)(tarball);
    const gzipMs = performance.now() - gzipStarted;
    expect(longestWriteMs, `longest write ${Math.round(longestWriteMs)} ms, gzip of the ${(tarball.length / 1_048_576).toFixed(1)} MB copy ${Math.round(gzipMs)} ms`).toBeLessThan(gzipMs);
    await stop(server);
  }, 120_000);

  it("refuses a backup made by a newer release, saying so, and leaves the data folder byte for byte as it was", async () => {
    const dataDir = folder("backup-newer-");
    await seedPgliteFolder(dataDir);
    mkdirSync(path.join(dataDir, FILES_FOLDER, "media"), { recursive: true });
    writeFileSync(path.join(dataDir, FILES_FOLDER, "media", "ours.bin"), "our upload");
    writeFileSync(path.join(dataDir, AUTH_SECRET_FILE), "our-secret-".repeat(4));

    // What npm run backup of a later release writes: its database holds a migration this one lacks.
    const staging = folder("backup-newer-staging-");
    const manifest: BackupManifest = {
      format: "inventors-community-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      migratedTo: newestMigration().when + 24 * 60 * 60 * 1000,
      databaseBytes: statSync(PGLITE_TEMPLATE_PATH).size,
      files: 1,
      fileBytes: 12,
      filesIncluded: true,
    };
    writeFileSync(path.join(staging, MANIFEST_FILE), JSON.stringify(manifest));
    writeFileSync(path.join(staging, DATABASE_FILE), readFileSync(PGLITE_TEMPLATE_PATH));
    mkdirSync(path.join(staging, FILES_FOLDER, "media"), { recursive: true });
    writeFileSync(path.join(staging, FILES_FOLDER, "media", "theirs.bin"), "their upload");
    writeFileSync(path.join(staging, AUTH_SECRET_FILE), "their-secret-".repeat(4));
    const file = path.join(folder("backup-newer-file-"), "from-the-future.tar.gz");
    await packBackup(staging, file);

    const before = fingerprint(dataDir);
    expect(Object.keys(before)).toEqual(expect.arrayContaining([path.join(FILES_FOLDER, "media", "ours.bin"), AUTH_SECRET_FILE]));
    const refused = await command("restore", [file], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toBe(
      `${file} was made by a newer release of the product (its database has migrations this one lacks). Restore it with that release.\nNothing was changed.\n`,
    );
    // The database, the files and the secret are untouched, and no staging or replaced-<time> folder is left.
    expect(fingerprint(dataDir)).toEqual(before);
    expect(readdirSync(dataDir).sort()).toEqual(["auth-secret", "db", "files"]);
  }, 60_000);

  it("refuses a file that is not a backup, and changes nothing", async () => {
    const dataDir = folder("backup-refuse-");
    const bogus = path.join(dataDir, "..", `${path.basename(dataDir)}-bogus.tar.gz`);
    folders.push(bogus);
    writeFileSync(bogus, "not a tarball");
    mkdirSync(path.join(dataDir, "files"));
    writeFileSync(path.join(dataDir, "files", "mine.txt"), "mine");
    const refused = await command("restore", [bogus], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${bogus} cannot be read as a backup`);
    expect(refused.stderr).toContain("Nothing was changed.");
    expect(readFileSync(path.join(dataDir, "files", "mine.txt"), "utf8")).toBe("mine");
    expect(readdirSync(dataDir).filter((name) => name.startsWith("replaced-") || name.startsWith("restore-staging-"))).toEqual([]);
  }, 60_000);
});

describe.skipIf(!onPostgres)("npm run backup and npm run restore with DATABASE_URL", () => {
  it("point to pg_dump and pg_restore and touch nothing", async () => {
    const env = { DATA_DIR: folder("backup-pg-"), DATABASE_URL: process.env.TEST_DATABASE_URL ?? "" };
    const backup = await command("backup", [], env);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toBe(`${POSTGRES_BACKUP_HINT}\n`);
    const restore = await command("restore", ["community.dump"], env);
    expect(restore.code).toBe(2);
    expect(restore.stderr).toBe(`${POSTGRES_RESTORE_HINT}\n`);
  }, 60_000);
});
