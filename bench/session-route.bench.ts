// npm run bench: a constant JSON route against an authenticated route that resolves the session and
// returns the member's profile, on the production server, 50 connections, 10 s each. Ratios matter.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { load, signUpMember } from "./http-load";
import { residentMegabytes } from "./process-memory";
import { startProductionServer, stopServer } from "./server";

async function benchDatabase(label: string, env: Record<string, string>, port: number): Promise<void> {
  const server = await startProductionServer(port, env);
  try {
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signUpMember(base);
    const me = await (await fetch(`${base}/api/me`, { headers: { cookie } })).json();
    if (!me.user) throw new Error("the session cookie did not authenticate");
    await load(`${base}/api/config`);
    const constant = await load(`${base}/api/config`);
    const authenticated = await load(`${base}/api/me`, { cookie });
    const ratio = authenticated.requestsPerSecond / constant.requestsPerSecond;
    console.log(`\n${label}`);
    console.log(`  constant   GET /api/config  ${constant.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${constant.p99} ms  non-2xx ${constant.non2xx}`);
    console.log(`  session    GET /api/me      ${authenticated.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${authenticated.p99} ms  non-2xx ${authenticated.non2xx}`);
    console.log(`  ratio      ${(ratio * 100).toFixed(1)} % of the constant route (goal: 20 %)`);
    console.log(`  memory     ${residentMegabytes(server.pid)} MB resident after the runs`);
  } finally {
    await stopServer(server);
  }
}

export async function benchSessionRoute(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-"));
  try {
    await benchDatabase("PGlite (embedded default)", { DATA_DIR: dataDir }, 3210);
    if (process.env.BENCH_DATABASE_URL) await benchDatabase("PostgreSQL (BENCH_DATABASE_URL)", { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL }, 3211);
    else console.log("\n(BENCH_DATABASE_URL is not set: PostgreSQL run skipped)");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
