import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { CommandResult } from "../cli/commands";
import type { DatabaseHandle } from "../db/client";
import { tar, type BackupManifest } from "./backup-format";
import { takeSnapshot } from "./backup-snapshot";

/** A staging folder inside DATA_DIR (so files hard-link), named so the server can check what it is asked to write. */
export const STAGING_NAME = /^backup-staging-[0-9a-f]{12}$/;
export const BackupSnapshotArgsSchema = z.object({ stagingDir: z.string().min(1) });

/** `backups/inventors-community-2026-11-25T12-30-00Z.tar.gz` under the current folder, named after the cut. */
export function defaultBackupFile(takenAt: Date): string {
  const stamp = takenAt.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/:/g, "-");
  return path.resolve("backups", `inventors-community-${stamp}.tar.gz`);
}

/**
 * The server's side of `npm run backup` (control channel): a snapshot into the staging folder the
 * command named, which must be a fresh `backup-staging-…` folder directly inside DATA_DIR.
 */
export async function snapshotCommand(deps: { database: DatabaseHandle; dataDir: string; filesIncluded: boolean }, args: unknown, where: string): Promise<CommandResult> {
  const parsed = BackupSnapshotArgsSchema.safeParse(args);
  const stagingDir = parsed.success ? path.resolve(parsed.data.stagingDir) : "";
  if (!parsed.success || path.dirname(stagingDir) !== path.resolve(deps.dataDir) || !STAGING_NAME.test(path.basename(stagingDir))) {
    return { exitCode: 2, message: "The snapshot folder must be a new backup-staging-… folder inside DATA_DIR." };
  }
  await takeSnapshot({ ...deps, stagingDir });
  return { exitCode: 0, message: `Snapshot taken ${where}.` };
}

/**
 * Packs a snapshot into `file` (written beside it first, so a failure never leaves a partial backup
 * under that name). Readable by this user only: it holds password hashes and the auth secret.
 */
export async function packBackup(stagingDir: string, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  try {
    // Created private before tar writes into it (tar keeps an existing file's mode).
    await writeFile(partial, "", { mode: 0o600 });
    await tar(["-czf", partial, "-C", stagingDir, "."]);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** One line an operator can read: where, as of when, how big, what is not in it. */
export function describeBackup(file: string, manifest: BackupManifest): string {
  const files = manifest.filesIncluded
    ? `${manifest.files} ${manifest.files === 1 ? "file" : "files"} (${formatSize(manifest.fileBytes)})`
    : "no files: they are in the S3 bucket (S3_BUCKET), back it up apart";
  return `Backup written to ${file}: the data as of ${manifest.createdAt}, database ${formatSize(manifest.databaseBytes)}, ${files}. Restore it with the server stopped: npm run restore -- ${file}`;
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} kB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
