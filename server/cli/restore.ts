import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DataFolderBusyError, lockDataFolder } from "../db/data-folder-lock";
import { loadEnv } from "../env";
import { POSTGRES_RESTORE_HINT } from "../ops/postgres-backup";
import { RestoreRefusedError, restoreBackup } from "../ops/restore";
import { finishCommand } from "./run-command";
import type { CommandResult } from "./commands";

/** npm run restore -- FILE: only with the server stopped; the data it replaces is kept in DATA_DIR/replaced-<time>. */
async function main(): Promise<CommandResult> {
  const { positionals, values } = parseArgs({ options: { file: { type: "string" } }, allowPositionals: true });
  const env = loadEnv();
  if (env.DATABASE_URL) return { exitCode: 2, message: POSTGRES_RESTORE_HINT };
  const given = values.file ?? positionals[0];
  if (!given) return { exitCode: 2, message: "Name the backup to restore: npm run restore -- backups/inventors-community-….tar.gz" };
  const file = path.resolve(given);
  if (!existsSync(file)) return { exitCode: 2, message: `There is no file ${file}.` };

  let release: () => Promise<void>;
  try {
    const lock = await lockDataFolder(env.DATA_DIR, "command", (error) => {
      console.error(`Lost the lock on ${env.DATA_DIR} during the restore: ${error.message}`);
      process.exit(1);
    });
    release = () => lock.release();
  } catch (error) {
    if (!(error instanceof DataFolderBusyError)) throw error;
    const server = error.owner?.role === "server";
    const why = server ? "Stop the server first: a restore replaces the data it is serving." : "Wait for it to finish.";
    return { exitCode: 1, message: `${error.message}\n${why} Nothing was changed.` };
  }
  try {
    const { manifest, replacedDir } = await restoreBackup(file, env.DATA_DIR);
    const files = manifest.filesIncluded ? `${manifest.files} files` : "no files (they are in S3)";
    return { exitCode: 0, message: `Restored ${file} (taken ${manifest.createdAt}: the database and ${files}) into ${path.resolve(env.DATA_DIR)}. The data it replaced is in ${replacedDir}; delete it once the server runs well.` };
  } catch (error) {
    if (error instanceof RestoreRefusedError) return { exitCode: 1, message: `${error.message}\nNothing was changed.` };
    throw error;
  } finally {
    await release();
  }
}

main().then(finishCommand, (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
