// How long `npm start` takes to answer on an existing data folder with the web build current: the
// command is started as `npm start` runs it, and the clock stops at the first 200 from /api/health.
// Run alone: `node --import tsx bench/start-time.ts <data folder> [port] [--npm]` (prints milliseconds;
// with --npm the clock includes npm itself, by running `npm start`).
import { spawn } from "node:child_process";
import { get } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { serverNodeFlags } from "./server";

const POLL_MS = 20;
const GIVE_UP_MS = 120_000;

/**
 * One health check on a connection of its own: fetch would reuse a kept-alive connection to an earlier
 * server still finishing its shutdown, and time that one instead.
 */
function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    get({ host: "127.0.0.1", port, path: "/api/health", agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    }).once("error", () => resolve(false));
  });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds from spawning the server to its first healthy answer; the server is stopped afterwards. */
export async function measureStart(dataDir: string, port: number, viaNpm = false): Promise<number> {
  if (await healthy(port)) throw new Error(`a server already answers on port ${port}`);
  const started = performance.now();
  const [command, args] = viaNpm ? ["npm", ["start"]] : [process.execPath, [...serverNodeFlags(), "scripts/start.mjs", "--build"]];
  // Its own process group, so that stopping it also stops the server npm started.
  const child = spawn(command, args, {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "warn" },
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    while (performance.now() - started < GIVE_UP_MS) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (await healthy(port)) return performance.now() - started;
      await sleep(POLL_MS);
    }
    throw new Error("the server did not answer within two minutes");
  } finally {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
    await exited;
    // npm exits at once; the server it started is still shutting down and holds the data folder.
    while (child.pid && groupAlive(child.pid)) await sleep(POLL_MS);
  }
}

if (process.argv[1]?.endsWith("start-time.ts")) {
  const [dataDir, port = "3290"] = process.argv.slice(2).filter((arg) => arg !== "--npm");
  if (!dataDir) throw new Error("usage: start-time.ts <data folder> [port] [--npm]");
  console.log(Math.round(await measureStart(dataDir, Number(port), process.argv.includes("--npm"))));
}
