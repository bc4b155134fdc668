import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";
import { z } from "zod";

/**
 * Only one process may open the embedded database: PGlite keeps its own copy of the data in memory,
 * so a second process would serve from a diverging copy and one of them would lose acknowledged
 * writes. The lock is a directory made atomically by proper-lockfile; the owner file beside it says
 * who holds it, so a refused process can name the holder and a command can reach a running server.
 * (Not inside: proper-lockfile treats any change to its directory's mtime as a lost lock.)
 */
const LOCK_NAME = "in-use.lock";
const OWNER_NAME = "in-use.json";
/**
 * A holder refreshes the lock's mtime every 10 s; one not refreshed for a minute is stale (a process
 * killed on another host sharing the folder, or a reused pid). Long enough that a first start's
 * initdb blocking the event loop on a busy machine never makes the server look dead.
 */
const STALE_MS = 60_000;
const UPDATE_MS = 10_000;

const LockOwnerSchema = z.object({
  pid: z.number().int(),
  hostname: z.string(),
  role: z.enum(["server", "command"]),
  startedAs: z.string(),
  startedAt: z.string(),
  controlPort: z.number().int().optional(),
});
export type LockOwner = z.infer<typeof LockOwnerSchema>;

export interface DataFolderLock {
  /** Records the port of the server's local control channel, for commands run while it serves. */
  announceControlPort(port: number): void;
  release(): Promise<void>;
}

export class DataFolderBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    super(describeBusyFolder(dataDir, owner));
  }
}

/** What an operator reads when a second process is refused: who holds the folder, and what to do. */
function describeBusyFolder(dataDir: string, owner: LockOwner | null): string {
  const holder = owner
    ? `process ${owner.pid}${owner.hostname === os.hostname() ? "" : ` on ${owner.hostname}`} (${owner.role === "server" ? "the server" : "a command"}, started as \`${owner.startedAs}\` at ${owner.startedAt})`
    : "another process (it has not said which yet)";
  return [
    `The data folder ${path.resolve(dataDir)} is in use by ${holder}.`,
    "Only one process may open the embedded database. Stop that process first; while the server runs, use the admin screens",
    "(npm run admin:create and npm run billing:advance go through the running server by themselves).",
  ].join("\n");
}

/**
 * `npm start`, `npm run admin:create`, or `node <script>`: never the arguments (they may hold a
 * password). npm's variables are inherited by every descendant, so they count only when the script
 * npm ran is this very one.
 */
function describeStart(): string {
  const script = path.relative(process.cwd(), process.argv[1] ?? "");
  const event = process.env.npm_lifecycle_event;
  if (event && script && process.env.npm_lifecycle_script?.includes(script)) return event === "start" ? "npm start" : `npm run ${event}`;
  return `node ${script || "(unknown script)"}`;
}

/** The holder's description, or null when there is none or it cannot be read. */
export function readLockOwner(dataDir: string): LockOwner | null {
  try {
    const parsed = LockOwnerSchema.safeParse(JSON.parse(readFileSync(path.join(dataDir, OWNER_NAME), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * A holder on this host whose pid no longer runs was killed without cleaning up (kill -9, power
 * loss): its lock need not wait for the mtime to go stale. Our own pid in the owner file means a
 * restarted container that reused it, so that holder is gone too.
 */
function isHeldByDeadProcess(owner: LockOwner | null): boolean {
  if (!owner || owner.hostname !== os.hostname()) return false;
  return owner.pid === process.pid || !isProcessAlive(owner.pid);
}

async function acquire(dataDir: string, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  return lockfile.lock(dataDir, {
    lockfilePath: path.join(dataDir, LOCK_NAME),
    realpath: false,
    stale: STALE_MS,
    update: UPDATE_MS,
    retries: 0,
    onCompromised: onLost,
  });
}

/**
 * Takes the data folder for this process or throws DataFolderBusyError at once. `onLost` runs if the
 * lock is taken away while held (its refresh failed for longer than the stale limit).
 */
export async function lockDataFolder(dataDir: string, role: LockOwner["role"], onLost: (error: Error) => void): Promise<DataFolderLock> {
  mkdirSync(dataDir, { recursive: true });
  let unlock: () => Promise<void>;
  try {
    unlock = await acquire(dataDir, onLost);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    const owner = readLockOwner(dataDir);
    if (!isHeldByDeadProcess(owner)) throw new DataFolderBusyError(dataDir, owner);
    // Owner first: a process arriving meanwhile then finds no dead owner to clear, and is refused.
    rmSync(path.join(dataDir, OWNER_NAME), { force: true });
    rmSync(path.join(dataDir, LOCK_NAME), { recursive: true, force: true });
    try {
      unlock = await acquire(dataDir, onLost);
    } catch (retryError) {
      // Another process cleared the same dead holder first and now holds the folder.
      if ((retryError as NodeJS.ErrnoException).code === "ELOCKED") throw new DataFolderBusyError(dataDir, readLockOwner(dataDir));
      throw retryError;
    }
  }

  const ownerFile = path.join(dataDir, OWNER_NAME);
  const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), role, startedAs: describeStart(), startedAt: new Date().toISOString() };
  writeFileSync(ownerFile, JSON.stringify(owner));
  // proper-lockfile removes its directory when the process exits; the owner file must go with it, or
  // the next holder's fresh lock would appear to belong to this dead pid until it writes its own.
  const forgetOwner = () => rmSync(ownerFile, { force: true });
  process.once("exit", forgetOwner);
  let released = false;
  return {
    announceControlPort(port) {
      writeFileSync(ownerFile, JSON.stringify({ ...owner, controlPort: port }));
    },
    async release() {
      if (released) return;
      released = true;
      process.off("exit", forgetOwner);
      forgetOwner();
      await unlock();
    },
  };
}
