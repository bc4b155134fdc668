// npm run bench: every members' list, per tier and database, against a bare Fastify route in its own
// process, with 100,000 posts, 10,000 resources, 200 videos and 60 sessions; then the time `npm start`
// takes to answer on the filled embedded data folder. Goal (issue 14): every list at ≥ 20 % of the
// constant route with its p99 under 50 ms, on both databases; a second start under 2 s.
import { spawn, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { BENCH_POSTS, BENCH_RESOURCES, BENCH_SESSIONS, BENCH_VIDEOS, fillContent } from "./content-data";
import { onFilledDatabases } from "./filled-databases";
import { formatResult, load, memberOfTier, MEMBERS_ROUTES, signIn, TIERS, type RouteResult } from "./http-load";
import { peakResidentDuring, residentMegabytes } from "./process-memory";
import { startProductionServer, stopServer } from "./server";
import { measureStart } from "./start-time";

const ADMIN = { email: "bench-lists-admin@example.com", password: "bench-admin-pass-1" };
const PORT = 3220;
const CONSTANT_PORT = 3230;
const START_RUNS = 5;
const WARM_UP_SECONDS = 3;
const GOAL_RATIO = 0.2;
const GOAL_P99_MS = 50;
/** Issue 14's bounds on the server's resident memory under the 50-connection load. */
const GOAL_MEMORY_MB = { embedded: 400, postgres: 150 };
const WEB_BUILD_STAMP = "dist/web-sources.sha256";

async function startConstantServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/constant-server.ts", String(CONSTANT_PORT)], { stdio: ["ignore", "ignore", "inherit"] });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${CONSTANT_PORT}/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill();
  throw new Error("the constant server did not start");
}

function verdict(result: RouteResult, constant: RouteResult): string {
  const ratio = result.requestsPerSecond / constant.requestsPerSecond;
  const met = ratio >= GOAL_RATIO && result.p99 < GOAL_P99_MS && result.non2xx === 0;
  return `ratio ${ratio.toFixed(2)} ${met ? "(goal met)" : "(goal missed)"}`;
}

async function benchLists(label: string, env: Record<string, string>, port: number): Promise<void> {
  const server = await startProductionServer(port, { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "false" });
  const constantServer = await startConstantServer();
  try {
    const base = `http://127.0.0.1:${port}`;
    // Settled for a moment after start: what the server holds before any list is asked for.
    await sleep(2000);
    const idleMegabytes = residentMegabytes(server.pid);
    let peakMegabytes = idleMegabytes;
    const admin = await signIn(base, ADMIN.email, ADMIN.password);
    await load(`http://127.0.0.1:${CONSTANT_PORT}/`);
    // Warmed up as the constant route is: the first tier's lists otherwise pay for the server's
    // compilation of its hot paths and its first cache fills.
    const warmUp = await memberOfTier(base, admin, "brand-ceo");
    for (const route of MEMBERS_ROUTES) {
      const warmed = await peakResidentDuring(server.pid, load(`${base}${route}`, { cookie: warmUp }, WARM_UP_SECONDS));
      peakMegabytes = Math.max(peakMegabytes, warmed.peakMegabytes);
    }
    console.log(`\n${label}: ${BENCH_POSTS.toLocaleString("en-US")} posts, ${BENCH_RESOURCES.toLocaleString("en-US")} resources, ${BENCH_VIDEOS} videos, ${BENCH_SESSIONS} sessions`);
    for (const tier of TIERS) {
      // Measured again beside each tier's lists: a shared machine's speed drifts within one run, and a
      // ratio compares two loads taken minutes apart otherwise.
      const constant = await load(`http://127.0.0.1:${CONSTANT_PORT}/`);
      console.log(formatResult("constant (bare Fastify, own process)", constant));
      const cookie = await memberOfTier(base, admin, tier);
      for (const route of MEMBERS_ROUTES) {
        const measured = await peakResidentDuring(server.pid, load(`${base}${route}`, { cookie }));
        peakMegabytes = Math.max(peakMegabytes, measured.peakMegabytes);
        console.log(`${formatResult(`${tier.padEnd(12)} GET ${route}`, measured.result)}  ${verdict(measured.result, constant)}`);
      }
    }
    const goal = env.DATABASE_URL ? GOAL_MEMORY_MB.postgres : GOAL_MEMORY_MB.embedded;
    console.log(`  server memory: ${idleMegabytes} MB resident idle, ${peakMegabytes} MB at the peak of the loads, ${residentMegabytes(server.pid)} MB after (goal ≤ ${goal} MB loaded)`);
  } finally {
    await stopServer(constantServer);
    await stopServer(server);
  }
  if (env.DATABASE_URL) return;
  // The filled embedded data folder, with the web build current (the first start makes sure).
  await measureStart(env.DATA_DIR ?? "", port, true);
  const times: number[] = [];
  for (let run = 0; run < START_RUNS; run += 1) {
    const stampBefore = stampTime();
    const time = await measureStart(env.DATA_DIR ?? "", port, true);
    // In a checkout being edited, the web sources can change between runs: such a start rebuilt, and says so.
    times.push(stampTime() === stampBefore ? time : Number.NaN);
    console.log(`  npm start on this data folder: ${Math.round(time)} ms${stampTime() === stampBefore ? "" : " (the web sources had changed: it rebuilt them)"}`);
  }
  const unchanged = times.filter((time) => !Number.isNaN(time)).sort((a, b) => a - b);
  const median = unchanged[Math.floor(unchanged.length / 2)];
  console.log(`  npm start with the web build current: ${median === undefined ? "no start without a rebuild" : `median ${Math.round(median)} ms of ${unchanged.length}`} (goal ≤ 2000 ms)`);
}

function stampTime(): number {
  try {
    return statSync(WEB_BUILD_STAMP).mtimeMs;
  } catch {
    return 0;
  }
}

export async function benchMembersLists(): Promise<void> {
  await onFilledDatabases("lists", fillContent, PORT, benchLists);
}

if (process.argv[1]?.endsWith("members-lists.bench.ts")) await benchMembersLists();
