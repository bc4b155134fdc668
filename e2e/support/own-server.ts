import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePortBlock } from "./free-ports";

export interface OwnServerAdmin {
  email: string;
  password: string;
  name: string;
}

/** A server of a spec's own (settings the shared one must not have), on a free port and a fresh data folder. */
export interface OwnServer {
  baseUrl: string;
  /** Starts it (again, on the same folder and port) and resolves once /api/ready answers. */
  start(): Promise<void>;
  /** SIGTERM drains and closes the database; SIGKILL is a crash. Resolves once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function ownServer(name: string, admin: OwnServerAdmin, settings: NodeJS.ProcessEnv = {}): Promise<OwnServer> {
  const port = await findFreePortBlock(1);
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `inventors-${name}-e2e-`)),
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ADMIN_NAME: admin.name,
    SEED_DEMO: "false",
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? "./dist/web",
    ...settings,
  };
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    const started = spawn("node", ["scripts/start.mjs"], { stdio: ["ignore", "ignore", "inherit"], env });
    child = started;
    for (let tries = 0; ; tries += 1) {
      if (started.exitCode !== null) throw new Error(`the ${name} test server exited with ${started.exitCode}`);
      if (await fetch(`${baseUrl}/api/ready`).then((response) => response.ok, () => false)) return;
      if (tries > 300) throw new Error(`the ${name} test server did not start`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  async function stop(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill(signal);
    await exited;
  }

  return { baseUrl, start, stop };
}
