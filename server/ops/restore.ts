import { chmod, mkdir, readFile, rename, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { openPglite } from "../db/client";
import { newestMigration } from "../features/system/readiness";
import { AUTH_SECRET_FILE, BackupManifestSchema, DATABASE_FILE, FILES_FOLDER, GZIPPED_DATABASE_FILE, MANIFEST_FILE, tar, type BackupManifest } from "./backup-format";

/** What a restore replaces in DATA_DIR; the rest (lock, control secret) belongs to the process that runs. */
const REPLACED = ["db", FILES_FOLDER, AUTH_SECRET_FILE] as const;

export class RestoreRefusedError extends Error {}

/**
 * Puts a backup back into DATA_DIR, which the caller holds locked (no server runs). The current
 * database, files and auth secret are moved aside into `replaced-<time>` first, and moved back if
 * anything fails, so the folder is always either the old data or the backup's, never a mix.
 */
export async function restoreBackup(file: string, dataDir: string, now = new Date()): Promise<{ manifest: BackupManifest; replacedDir: string }> {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/:/g, "-");
  const staging = path.join(dataDir, `restore-staging-${stamp}`);
  const replacedDir = path.join(dataDir, `replaced-${stamp}`);
  await mkdir(staging, { recursive: true });
  try {
    await tar(["-xzf", file, "-C", staging]).catch((error: Error) => {
      throw new RestoreRefusedError(`${file} cannot be read as a backup (${error.message.split("\n")[0]}).`);
    });
    const manifest = await readManifest(staging, file);
    await mkdir(replacedDir, { recursive: true });
    const moved: string[] = [];
    try {
      for (const name of REPLACED) {
        if (!existsSync(path.join(dataDir, name))) continue;
        await rename(path.join(dataDir, name), path.join(replacedDir, name));
        moved.push(name);
      }
      const gzipped = !existsSync(path.join(staging, DATABASE_FILE));
      const tarball = await readFile(path.join(staging, gzipped ? GZIPPED_DATABASE_FILE : DATABASE_FILE));
      const database = await openPglite(path.join(dataDir, "db"), { loadDataDir: new Blob([tarball], { type: gzipped ? "application/x-gzip" : "application/x-tar" }) });
      await database.close();
      if (manifest.filesIncluded) await rename(path.join(staging, FILES_FOLDER), path.join(dataDir, FILES_FOLDER));
      if (existsSync(path.join(staging, AUTH_SECRET_FILE))) {
        await rename(path.join(staging, AUTH_SECRET_FILE), path.join(dataDir, AUTH_SECRET_FILE));
        await chmod(path.join(dataDir, AUTH_SECRET_FILE), 0o600);
      }
    } catch (error) {
      for (const name of REPLACED) await rm(path.join(dataDir, name), { recursive: true, force: true });
      for (const name of moved) await rename(path.join(replacedDir, name), path.join(dataDir, name));
      await rm(replacedDir, { recursive: true, force: true });
      throw error;
    }
    return { manifest, replacedDir };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(staging: string, file: string): Promise<BackupManifest> {
  const notOurs = new RestoreRefusedError(`${file} is not a backup made by npm run backup.`);
  const text = await readFile(path.join(staging, MANIFEST_FILE), "utf8").catch(() => {
    throw notOurs;
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw notOurs;
  }
  const manifest = BackupManifestSchema.safeParse(parsed);
  if (!manifest.success || ![DATABASE_FILE, GZIPPED_DATABASE_FILE].some((name) => existsSync(path.join(staging, name)))) throw notOurs;
  if (manifest.data.migratedTo > newestMigration().when) {
    throw new RestoreRefusedError(`${file} was made by a newer release of the product (its database has migrations this one lacks). Restore it with that release.`);
  }
  return manifest.data;
}
