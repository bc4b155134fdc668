// How long `npm start` takes to answer on an existing data folder with the web build current: the
// command is started as `npm start` runs it, and the clock stops at the first 200 from /api/health.
// Run alone: `node --import tsx bench/start-time.ts <data folder> [port] [--npm]` (prints milliseconds;
// with --npm the clock includes npm itself, by running `npm start`).
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { serverNodeFlags } from "./server";

const POLL_MS = 20;
const GIVE_UP_MS = 120_000;

/** Milliseconds from spawning the server to its first healthy answer; the server is stopped afterwards. */
export async function measureStart(dataDir: string, port: number, viaNpm = false): Promise<number> {
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
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(POLL_MS);
    }
    throw new Error("the server did not answer within two minutes");
  } finally {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
    await exited;
  }
}

if (process.argv[1]?.endsWith("start-time.ts")) {
  const [dataDir, port = "3290"] = process.argv.slice(2).filter((arg) => arg !== "--npm");
  if (!dataDir) throw new Error("usage: start-time.ts <data folder> [port] [--npm]");
  console.log(Math.round(await measureStart(dataDir, Number(port), process.argv.includes("--npm"))));
}
