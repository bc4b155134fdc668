import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * The Node flags package.json's start script gives the server, so a bench measures the process
 * `npm start` runs; BENCH_NODE_FLAGS (space-separated, may be empty) replaces them to compare others.
 */
export function serverNodeFlags(): string[] {
  const override = process.env.BENCH_NODE_FLAGS;
  if (override !== undefined) return override.split(" ").filter(Boolean);
  const words = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start.split(" ");
  return words.slice(words.indexOf("node") + 1, words.indexOf("scripts/start.mjs"));
}

/**
 * Starts the production server on `port` as `npm start` runs it (bundled, plain Node, so its memory is
 * what production holds; without --build, so the web build is whatever dist/web has) and resolves
 * once /api/health answers.
 */
export async function startProductionServer(port: number, env: Record<string, string>, nodeFlags = serverNodeFlags()): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeFlags, "scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      AUTH_SECRET: "bench-secret-9f8e7d6c5b4a39281726354453627181",
      ...env,
    },
  });
  for (let attempt = 0; attempt < 480; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error("server did not become healthy");
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}
