// npm run bench -- load: 200 signed-in members at once for 60 s on the members' pages' calls
// (dashboard, sessions, resources, videos, community feed, posting, likes), each member waiting for
// one answer before the next call (no pause between), on the filled embedded database with one
// server, and with BENCH_DATABASE_URL on PostgreSQL behind two instances (members split between them
// as a load balancer would). Goal (issue 15): 0 errors; p99 and the servers' memory recorded.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { openPostgres } from "../server/db/client";
import { BENCH_POSTS, BENCH_RESOURCES, fillContent } from "./content-data";
import { onFilledDatabases } from "./filled-databases";
import { signIn } from "./http-load";
import { createHttp, LoadStats, MIX, percentile, pickAction, POSTS_PER_MEMBER, type Action } from "./load-client";
import { startProductionServer, stopServer } from "./server";

const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const PORT = 3240;
const SECOND_INSTANCE_PORT_OFFSET = 10;
const ADMIN = { email: "bench-load-admin@example.com", password: "bench-admin-pass-1" };
const TIERS = ["free", "inventor", "entrepreneur", "brand-ceo"] as const;
const PATHS: Record<Exclude<Action, "post" | "like">, string> = {
  dashboard: "/api/members/dashboard",
  sessions: "/api/members/sessions",
  resources: "/api/resources",
  videos: "/api/videos",
  feed: "/api/community/posts",
};

interface Member {
  base: string;
  cookie: string;
  posted: number;
  /** Post ids of the feed page this member saw last: the ones they may like. */
  seen: number[];
}

/** Resident memory of a process in MB (Linux /proc), 0 when unknown. */
function residentMegabytes(pid: number | undefined): number {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/**
 * CPU seconds a process has used (user + system, Linux /proc at 100 ticks a second): what one answer
 * costs, whatever else the machine runs at the time.
 */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Repeatable pseudo-random numbers (mulberry32), so two runs send the same mix. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Http = ReturnType<typeof createHttp>;

async function signUpMembers(http: Http, bases: string[], admin: Record<string, string>): Promise<Member[]> {
  const members: Member[] = [];
  for (let start = 0; start < MEMBERS; start += 8) {
    const batch = Array.from({ length: Math.min(8, MEMBERS - start) }, async (_, offset) => {
      const index = start + offset;
      const base = bases[index % bases.length] ?? "";
      const email = `load-${index}-${Date.now()}@example.com`;
      const response = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ name: `Load Member ${index}`, email, password: "bench-pass-1" }),
      });
      if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
      const { user } = (await response.json()) as { user: { id: string } };
      const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
      const tier = TIERS[index % TIERS.length] ?? "free";
      if (tier !== "free") {
        const changed = await http.send(`${base}/api/admin/users/${user.id}`, { method: "PATCH", cookie: admin[base] ?? "", body: { membershipTier: tier } });
        if (changed.status !== 200) throw new Error(`tier change failed: ${changed.status} ${changed.body}`);
      }
      return { base, cookie, posted: 0, seen: [] };
    });
    members.push(...(await Promise.all(batch)));
  }
  return members;
}

function feedIds(body: string): number[] {
  return ((JSON.parse(body) as { posts?: Array<{ id: number }> }).posts ?? []).map((post) => post.id);
}

async function act(http: Http, member: Member, action: Action, random: () => number): Promise<{ status: number; body: string }> {
  if (action === "post") {
    member.posted += 1;
    return http.send(`${member.base}/api/community/posts`, { method: "POST", cookie: member.cookie, body: { content: `Load test post ${member.posted}: any advice on packaging suppliers?` } });
  }
  if (action === "like") {
    const id = member.seen[Math.floor(random() * member.seen.length)];
    return http.send(`${member.base}/api/community/posts/${id}/like`, { method: "POST", cookie: member.cookie, body: {} });
  }
  const answer = await http.send(`${member.base}${PATHS[action]}`, { cookie: member.cookie });
  if (action === "feed" && answer.status === 200) member.seen = feedIds(answer.body);
  return answer;
}

/** One member's 60 s: a call, its answer, the next call. */
async function runMember(http: Http, member: Member, until: number, stats: LoadStats, random: () => number): Promise<void> {
  const loadStarted = until - SECONDS * 1000;
  while (Date.now() < until) {
    let action = pickAction(random);
    if ((action === "post" && member.posted >= POSTS_PER_MEMBER) || (action === "like" && member.seen.length === 0)) action = "feed";
    const started = performance.now();
    try {
      const answer = await act(http, member, action, random);
      if (answer.status >= 200 && answer.status < 300) stats.record(action, performance.now() - started, Date.now() - loadStarted - (performance.now() - started));
      else stats.fail(action, `${answer.status} ${answer.body.slice(0, 120)}`);
    } catch (error) {
      stats.fail(action, (error as Error).message);
    }
  }
}

/**
 * The members of the load, signed up and split between `bases` as a load balancer would; each has
 * opened the feed once, all at the same time, so that each holds an open connection when the load
 * starts, as a member's browser on the page does.
 */
export async function prepareMembers(http: Http, bases: string[], admin: Record<string, string>): Promise<Member[]> {
  const members = await signUpMembers(http, bases, admin);
  await Promise.all(members.map(async (member) => (member.seen = feedIds((await http.send(`${member.base}${PATHS.feed}`, { cookie: member.cookie })).body))));
  return members;
}

/** The members' mix for SECONDS (BENCH_LOAD_SECONDS), every member at once. */
export async function runMix(http: Http, members: Member[]): Promise<LoadStats> {
  const stats = new LoadStats();
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(members.map((member, index) => runMember(http, member, until, stats, seededRandom(index + 1))));
  return stats;
}

/** One line: answers, errors and percentiles of the whole mix. */
export function summarize(stats: LoadStats): string {
  const all = stats.all();
  const ms = (value: number) => `${Math.round(value)} ms`;
  return `${all.length.toLocaleString("en-US")} answers (${Math.round(all.length / SECONDS)}/s), errors ${stats.errors()}, p50 ${ms(percentile(all, 0.5))}, p95 ${ms(percentile(all, 0.95))}, p99 ${ms(percentile(all, 0.99))}, max ${ms(Math.max(0, ...all))}`;
}

interface ServerUse {
  idle: number;
  before: number;
  peak: number;
  after: number;
  cpuSeconds: number;
}

function report(label: string, stats: LoadStats, use: ServerUse[]): void {
  const all = stats.all();
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`\n${label}: ${MEMBERS} members for ${SECONDS} s, ${BENCH_POSTS.toLocaleString("en-US")} posts, ${BENCH_RESOURCES.toLocaleString("en-US")} resources`);
  console.log(`  ${summarize(stats)}`);
  for (const [action] of MIX) {
    const list = stats.latencies.get(action) ?? [];
    console.log(`  ${action.padEnd(10)} ${String(list.length).padStart(7)} answers  p50 ${ms(percentile(list, 0.5)).padStart(7)}  p99 ${ms(percentile(list, 0.99)).padStart(7)}`);
  }
  for (const [reason, count] of stats.failures) console.log(`  error x${count}: ${reason}`);
  const slowest = [...stats.slowest].sort((a, b) => b.milliseconds - a.milliseconds).slice(0, 8);
  console.log(`  slowest: ${slowest.map((call) => `${call.action} ${ms(call.milliseconds)} from ${(call.startedAt / 1000).toFixed(1)} s`).join(", ")}`);
  use.forEach((server, index) => {
    console.log(`  server ${index + 1} memory: ${server.idle} MB resident at start, ${server.before} MB with the members signed in, ${server.peak} MB at the peak, ${server.after} MB after`);
  });
  const cpu = use.reduce((sum, server) => sum + server.cpuSeconds, 0);
  console.log(`  Node CPU during the load: ${cpu.toFixed(1)} s of ${SECONDS} s, ${((cpu * 1000) / Math.max(1, all.length + stats.errors())).toFixed(1)} ms per call; load average ${os.loadavg()[0]?.toFixed(1)} at the end`);
}

async function benchLoad(label: string, env: Record<string, string>, port: number): Promise<void> {
  const serverEnv = { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "false", AUTH_RATE_LIMIT_IP: "1000000" };
  const ports = env.DATABASE_URL ? [port, port + SECOND_INSTANCE_PORT_OFFSET] : [port];
  const servers: ChildProcess[] = [];
  const http = createHttp(MEMBERS);
  try {
    // One after the other: the first migrates (already done) and creates the admin.
    for (const each of ports) servers.push(await startProductionServer(each, serverEnv));
    const bases = ports.map((each) => `http://127.0.0.1:${each}`);
    await sleep(2000);
    const idle = servers.map((server) => residentMegabytes(server.pid));
    const admin: Record<string, string> = {};
    for (const base of bases) admin[base] = await signIn(base, ADMIN.email, ADMIN.password);
    const members = await prepareMembers(http, bases, admin);
    await sleep(2000);
    const before = servers.map((server) => residentMegabytes(server.pid));
    const peak = [...before];
    const sampler = setInterval(() => servers.forEach((server, index) => (peak[index] = Math.max(peak[index] ?? 0, residentMegabytes(server.pid)))), 250);
    const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
    const stats = await runMix(http, members);
    const cpuUsed = servers.map((server, index) => cpuSeconds(server.pid) - (cpuBefore[index] ?? 0));
    clearInterval(sampler);
    await sleep(2000);
    const after = servers.map((server) => residentMegabytes(server.pid));
    report(
      `${label}${servers.length > 1 ? `, ${servers.length} instances` : ""}`,
      stats,
      servers.map((_, index) => ({ idle: idle[index] ?? 0, before: before[index] ?? 0, peak: peak[index] ?? 0, after: after[index] ?? 0, cpuSeconds: cpuUsed[index] ?? 0 })),
    );
  } finally {
    http.close();
    for (const server of servers) await stopServer(server);
  }
}

/**
 * BENCH_LOAD_ONLY=postgres: the PostgreSQL lane alone, on a fresh database of BENCH_DATABASE_URL's
 * server. On a shared machine the PGlite lane first fills its own copy and saturates a core for
 * minutes, and a saturated embedded server can end the whole run before PostgreSQL's turn.
 */
async function postgresOnly(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) throw new Error("BENCH_LOAD_ONLY=postgres needs BENCH_DATABASE_URL");
  const name = `bench_load_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-load-"));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = openPostgres(url.toString());
    try {
      await handle.migrate();
      await fillContent(handle);
    } finally {
      await handle.close();
    }
    await benchLoad("PostgreSQL (BENCH_DATABASE_URL)", { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, PORT + 1);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchMembersLoad(): Promise<void> {
  console.log(`\nMembers' load (${os.cpus().length} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GB, load average ${os.loadavg()[0]?.toFixed(1)} at the start)`);
  if (process.env.BENCH_LOAD_ONLY === "postgres") return postgresOnly();
  await onFilledDatabases("load", fillContent, PORT, benchLoad);
}

if (process.argv[1]?.endsWith("load-members.bench.ts")) await benchMembersLoad();
