import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { z } from "zod";

/** Inside a backup file (a .tar.gz): this manifest, the database's own tarball, the file store and the auth secret. */
export const MANIFEST_FILE = "manifest.json";
/** PGlite's data folder as a plain tar (the whole backup is gzipped once, by the command, not the server). */
export const DATABASE_FILE = "database.tar";
/** What backups made before that held: the same tar, gzipped by the server. Restored all the same. */
export const GZIPPED_DATABASE_FILE = "database.tar.gz";
export const FILES_FOLDER = "files";
export const AUTH_SECRET_FILE = "auth-secret";

export const BackupManifestSchema = z.object({
  format: z.literal("inventors-community-backup"),
  version: z.literal(1),
  /** When the database was copied (the cut): every write acknowledged before it is in, none sent after it. */
  createdAt: z.iso.datetime(),
  /** When the newest migration the database held was made (drizzle's journal time): an older release cannot run it. */
  migratedTo: z.number().int().nonnegative(),
  databaseBytes: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  fileBytes: z.number().int().nonnegative(),
  /** False when the files live in S3 (S3_BUCKET): the bucket is backed up apart. */
  filesIncluded: z.boolean(),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

const run = promisify(execFile);

/** The system's tar: every server this runs on has one, and it streams folders of any size. */
export async function tar(args: string[]): Promise<void> {
  await run("tar", args, { maxBuffer: 16 * 1024 * 1024 });
}
