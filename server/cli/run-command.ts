import { readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { DataFolderBusyError, type LockOwner } from "../db/data-folder-lock";
import { openDatabase, type OpenedDatabase } from "../db/open-database";
import { loadEnv, type Env } from "../env";
import { CONTROL_SECRET_FILE } from "../features/system/control-channel";
import type { CommandResult } from "./commands";

/** Sends the command to the server that holds DATA_DIR, authenticated by the secret it wrote there. */
async function runThroughServer(env: Env, owner: LockOwner & { controlPort: number }, name: string, args: unknown, timeoutMs: number): Promise<CommandResult> {
  const secretFile = path.join(env.DATA_DIR, CONTROL_SECRET_FILE);
  let secret: string;
  try {
    secret = readFileSync(secretFile, "utf8");
  } catch (error) {
    return { exitCode: 1, message: `The server (pid ${owner.pid}) holds ${env.DATA_DIR}, and its secret ${secretFile} cannot be read (${(error as Error).message}). Run this command as the server's user.` };
  }
  const response = await fetch(`http://127.0.0.1:${owner.controlPort}/commands/${name}`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify(args),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return (await response.json()) as CommandResult;
}

/**
 * A server holds the folder from the moment it opens the database, and takes commands only once its
 * control channel is open: about a second later, longer on a first start or a busy machine. A command
 * run in between waits for it instead of being refused.
 */
const SERVER_START_WAIT_MS = 60_000;
const RETRY_MS = 250;

/**
 * Runs an operator command on the configured database: in this process when it can open it, or
 * through the running server when that server holds the embedded data folder (waiting while it
 * starts). Any other holder (another command, an older server) refuses the command with the
 * holder's name; nothing changes.
 */
export async function runCommand(
  name: string,
  args: unknown,
  runHere: (env: Env, database: OpenedDatabase) => Promise<CommandResult>,
  // A backup of a large database takes the server longer than a minute.
  { serverTimeoutMs = 60_000 }: { serverTimeoutMs?: number } = {},
): Promise<CommandResult> {
  const env = loadEnv();
  const waitUntil = Date.now() + SERVER_START_WAIT_MS;
  let toldWaiting = false;
  let database: OpenedDatabase | null = null;
  while (!database) {
    try {
      database = await openDatabase(env, "command", (error) => {
        console.error(`Lost the lock on ${env.DATA_DIR}: ${error.message}`);
        process.exit(1);
      });
    } catch (error) {
      if (!(error instanceof DataFolderBusyError)) throw error;
      const { owner } = error;
      if (owner?.role === "server" && owner.controlPort !== undefined) return runThroughServer(env, { ...owner, controlPort: owner.controlPort }, name, args, serverTimeoutMs);
      // No owner yet: the holder has locked the folder and is about to say who it is.
      const starting = owner === null || owner.role === "server";
      if (!starting || Date.now() > waitUntil) return { exitCode: 1, message: `${error.message}\nNothing was changed.` };
      if (!toldWaiting) console.error(`The server is starting on ${env.DATA_DIR}: the command waits until it takes commands.`);
      toldWaiting = true;
      await sleep(RETRY_MS);
    }
  }
  try {
    await database.migrate();
    return await runHere(env, database);
  } finally {
    await database.close();
  }
}

/** Prints the outcome (stdout when done, stderr otherwise) and exits with its code. */
export function finishCommand(result: CommandResult): never {
  if (result.exitCode === 0) console.log(result.message);
  else console.error(result.message);
  process.exit(result.exitCode);
}
