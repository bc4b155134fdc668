// npm run bench -- memory: the server's resident memory with DATABASE_URL (issue 14: ≤ 150 MB under the
// 50-connection load) and its throughput and CPU time per answer on the same load, in one run: idle after start, then the
// members' routes for a free and a Brand CEO member on the sample content, peak and after. Needs
// BENCH_DATABASE_URL (a fresh database is made and dropped). BENCH_NODE_FLAGS="…" runs the server
// with other Node flags than npm start's, to compare; BENCH_RUNS=n repeats the whole run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { formatResult, load, memberOfTier, MEMBERS_ROUTES, signIn } from "./http-load";
import { cpuMilliseconds, peakResidentDuring, residentMegabytes } from "./process-memory";
import { serverNodeFlags, startProductionServer, stopServer } from "./server";

const PORT = 3240;
const GOAL_MB = 150;
const ADMIN = { email: "bench-memory-admin@example.com", password: "bench-admin-pass-1" };

async function measure(databaseUrl: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-memory-"));
  const server = await startProductionServer(PORT, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: "true", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await sleep(2000);
    const idle = residentMegabytes(server.pid);
    const admin = await signIn(base, ADMIN.email, ADMIN.password);
    let peak = idle;
    let answers = 0;
    let cpu = 0;
    for (const tier of ["free", "brand-ceo"] as const) {
      const cookie = await memberOfTier(base, admin, tier);
      for (const route of MEMBERS_ROUTES) {
        const cpuBefore = cpuMilliseconds(server.pid);
        const { result, peakMegabytes } = await peakResidentDuring(server.pid, load(`${base}${route}`, { cookie }));
        const routeCpu = cpuMilliseconds(server.pid) - cpuBefore;
        peak = Math.max(peak, peakMegabytes);
        answers += result.total;
        cpu += routeCpu;
        console.log(`${formatResult(`${tier.padEnd(10)} GET ${route}`, result)}  ${(routeCpu / result.total).toFixed(2)} ms CPU per answer  peak ${peakMegabytes} MB`);
      }
    }
    const verdict = peak <= GOAL_MB ? "goal met" : "goal missed";
    // CPU time per answer, the garbage collector's included, says what a flag costs even on a shared machine, where req/s swing.
    console.log(`  resident: idle ${idle} MB, peak ${peak} MB, after ${residentMegabytes(server.pid)} MB (goal ≤ ${GOAL_MB} MB loaded: ${verdict}); ${(cpu / answers).toFixed(2)} ms CPU per answer over all routes`);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchServerMemory(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return console.log("\n(BENCH_DATABASE_URL is not set: the memory bench needs PostgreSQL)");
  const runs = Number(process.env.BENCH_RUNS ?? 1);
  console.log(`\nServer memory with DATABASE_URL, node ${serverNodeFlags().join(" ") || "(no flags)"}, 50 connections`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let run = 0; run < runs; run += 1) {
      const database = `bench_memory_${Date.now()}`;
      await admin.query(`create database ${database}`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${database}`;
        await measure(url.toString());
      } finally {
        await admin.query(`drop database if exists ${database} with (force)`);
      }
    }
  } finally {
    await admin.end();
  }
}

if (process.argv[1]?.endsWith("server-memory.bench.ts")) await benchServerMemory();
