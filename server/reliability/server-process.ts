import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { bundledScript } from "../test/server-bundles";

/** A free TCP port on 127.0.0.1 (asked of the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** The log (pino writes to stdout) and stderr so far: what an operator would read when it fails. */
  errors(): string;
}

/** The server as `npm start` runs it (bundled, plain Node), resolved once /api/ready answers 200. */
export async function startServerProcess(env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn("node", [bundledScript("main")], {
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", SEED_DEMO: "false", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output}`);
    if (await fetch(`${base}/api/ready`).then((response) => response.ok, () => false)) return { child, base, errors: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not become ready: ${output}`);
}

/** kill -9, resolved once the process is gone. */
export async function killHard(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGKILL");
  await exited;
}
