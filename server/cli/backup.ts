import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnv } from "../env";
import { BackupManifestSchema, MANIFEST_FILE } from "../ops/backup-format";
import { defaultBackupFile, describeBackup, packBackup, snapshotCommand } from "../ops/backup";
import { POSTGRES_BACKUP_HINT } from "../ops/postgres-backup";
import { finishCommand, runCommand } from "./run-command";
import type { CommandResult } from "./commands";

/** How long the running server may take over its snapshot (the database is copied in memory first). */
const SNAPSHOT_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * npm run backup [-- --file PATH]: a restorable copy of the embedded database, DATA_DIR/files and
 * the auth secret in one .tar.gz. While the server runs it takes the snapshot itself (through its
 * control channel) and keeps serving; otherwise this process opens the folder. Then this process packs.
 */
async function main(): Promise<CommandResult> {
  const { values, positionals } = parseArgs({ options: { file: { type: "string" } }, allowPositionals: true });
  const env = loadEnv();
  if (env.DATABASE_URL) return { exitCode: 2, message: POSTGRES_BACKUP_HINT };
  const stagingDir = path.resolve(env.DATA_DIR, `backup-staging-${randomBytes(6).toString("hex")}`);
  const deps = { dataDir: env.DATA_DIR, filesIncluded: !env.S3_BUCKET };
  try {
    const snapshot = await runCommand("backup:snapshot", { stagingDir }, (_env, database) => snapshotCommand({ ...deps, database }, { stagingDir }, "by this command"), {
      serverTimeoutMs: SNAPSHOT_TIMEOUT_MS,
    });
    if (snapshot.exitCode !== 0) return snapshot;
    const manifest = BackupManifestSchema.parse(JSON.parse(readFileSync(path.join(stagingDir, MANIFEST_FILE), "utf8")));
    // Named after the cut, not after the packing that follows it.
    const file = path.resolve(values.file ?? positionals[0] ?? defaultBackupFile(new Date(manifest.createdAt)));
    await packBackup(stagingDir, file);
    return { exitCode: 0, message: `${snapshot.message} ${describeBackup(file, manifest)}` };
  } finally {
    rmSync(stagingDir, { recursive: true, force: true });
  }
}

main().then(finishCommand, (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
