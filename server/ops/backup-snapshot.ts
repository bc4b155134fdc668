import { copyFile, link, mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { DatabaseHandle } from "../db/client";
import { AUTH_SECRET_FILE, DATABASE_FILE, FILES_FOLDER, MANIFEST_FILE, type BackupManifest } from "./backup-format";

const AppliedRowsSchema = z.object({ rows: z.array(z.object({ applied: z.union([z.string(), z.number(), z.null()]) })) });

interface SnapshotOptions {
  database: DatabaseHandle;
  dataDir: string;
  /** An empty folder on DATA_DIR's file system, so files are hard-linked rather than copied. */
  stagingDir: string;
  filesIncluded: boolean;
}

/**
 * A consistent copy of the embedded database and the local file store in `stagingDir`, taken while
 * the server keeps serving: the database is dumped between two queries (PGlite runs one at a time);
 * files are immutable once written (written as .partial, then renamed), so they are hard-linked,
 * once before and once after the dump, which keeps both a file deleted meanwhile and one added
 * just before its row. Cheap: no file is copied when DATA_DIR is one file system.
 */
export async function takeSnapshot({ database, dataDir, stagingDir, filesIncluded }: SnapshotOptions): Promise<BackupManifest> {
  if (!database.dumpDataDir) throw new Error("Only the embedded database can be copied this way; back up PostgreSQL with pg_dump.");
  await mkdir(stagingDir, { recursive: true });
  const filesSource = path.join(dataDir, FILES_FOLDER);
  const filesTarget = path.join(stagingDir, FILES_FOLDER);
  await mkdir(filesTarget, { recursive: true });
  if (filesIncluded) await linkTree(filesSource, filesTarget);
  const { tarball, takenAt } = await database.dumpDataDir();
  const migratedTo = await newestAppliedMigration(database);
  await writeFile(path.join(stagingDir, DATABASE_FILE), Buffer.from(await tarball.arrayBuffer()));
  if (filesIncluded) await linkTree(filesSource, filesTarget);
  const secret = path.join(dataDir, AUTH_SECRET_FILE);
  if (existsSync(secret)) await copyFile(secret, path.join(stagingDir, AUTH_SECRET_FILE));
  const { count, bytes } = await measureTree(filesTarget);
  const manifest: BackupManifest = {
    format: "inventors-community-backup",
    version: 1,
    createdAt: takenAt.toISOString(),
    migratedTo,
    databaseBytes: tarball.size,
    files: count,
    fileBytes: bytes,
    filesIncluded,
  };
  await writeFile(path.join(stagingDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** drizzle's `created_at` of the newest applied migration (the journal's `when`). */
async function newestAppliedMigration(database: DatabaseHandle): Promise<number> {
  const result = AppliedRowsSchema.parse(await database.db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`));
  return Number(result.rows[0]?.applied ?? 0);
}

/** Hard-links every finished file of `source` into `target` (copies across file systems); skips ones already there. */
async function linkTree(source: string, target: string): Promise<void> {
  if (!existsSync(source)) return;
  for (const entry of await readdir(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) {
      await mkdir(to, { recursive: true });
      await linkTree(from, to);
    } else if (entry.isFile() && !entry.name.endsWith(".partial") && !existsSync(to)) {
      await link(from, to).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return; // deleted since the listing: the other pass decides
        if (error.code !== "EXDEV" && error.code !== "EPERM") throw error;
        await copyFile(from, to);
      });
    }
  }
}

async function measureTree(folder: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    count += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { count, bytes };
}
