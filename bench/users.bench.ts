// npm run bench: the admin user list with 100,000 accounts, searched and paged as an admin, on the
// production server. The goal is a p99 under 50 ms per page for one admin at a time (an admin area has
// few concurrent users); the same pages under 50 connections show the throughput.
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import type { UsersPage } from "../common/contracts/users";
import type { DatabaseHandle } from "../server/db/client";
import { DURATION_SECONDS, formatResult, load, signIn, type RouteResult } from "./http-load";
import { onFilledDatabases } from "./filled-databases";
import { cpuMilliseconds } from "./process-memory";
import { startProductionServer, stopServer } from "./server";

export const BENCH_USERS = 100_000;
const ADMIN = { email: "bench-users-admin@example.com", password: "bench-admin-pass-1" };
const GOAL_P99_MS = 50;

const FIRST_NAMES = ["Ada", "Grace", "Alan", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Radia", "Edsger", "Hedy", "Tim", "Katherine", "Steve", "Frances", "John"];
const LAST_NAMES = ["Lovelace", "Hopper", "Turing", "Torvalds", "Hamilton", "Ritchie", "Liskov", "Thompson", "Perlman", "Dijkstra", "Lamarr", "Berners", "Johnson", "Wozniak", "Allen", "Backus", "Knuth", "Wirth", "Kay", "Cerf"];
const DOMAINS = ["example.com", "inventors.test", "mail.test", "studio.test"];

/** 100,000 accounts with varied names, emails, tiers, roles, activity and sign-up dates, in SQL. */
async function fillUsers({ db }: DatabaseHandle): Promise<void> {
  const first = sql.raw(`(array[${FIRST_NAMES.map((name) => `'${name}'`).join(",")}])`);
  const last = sql.raw(`(array[${LAST_NAMES.map((name) => `'${name}'`).join(",")}])`);
  const domains = sql.raw(`(array[${DOMAINS.map((domain) => `'${domain}'`).join(",")}])`);
  await db.execute(sql`
    insert into users (id, email, full_name, email_verified, role, membership_tier, is_active, created_at, last_login)
    select 'bench-user-' || g,
           lower(${first}[1 + g % ${FIRST_NAMES.length}] || '.' || ${last}[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]) || g || '@' || ${domains}[1 + g % ${DOMAINS.length}],
           ${first}[1 + g % ${FIRST_NAMES.length}] || ' ' || ${last}[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] || ' ' || g,
           true,
           case when g % 1000 = 0 then 'admin' else 'user' end,
           (array['free','inventor','entrepreneur','brand-ceo'])[1 + g % 4],
           g % 20 <> 0,
           now() - make_interval(secs => g * 97),
           case when g % 3 = 0 then null else now() - make_interval(secs => g * 13) end
    from generate_series(1, ${BENCH_USERS}) g`);
  // What autovacuum does on PostgreSQL: statistics for the planner and the visibility map for index-only scans.
  await db.execute(sql`vacuum analyze users`);
}

/**
 * One admin paging: a single connection, so the p99 is the time one page takes. The server's CPU
 * time per request tells what a page costs when the machine is shared with other work.
 */
async function loadOne(url: string, headers: Record<string, string>, pid: number | undefined): Promise<RouteResult & { cpuPerRequest: number }> {
  const cpuBefore = cpuMilliseconds(pid);
  const result = await autocannon({ url, connections: 1, duration: DURATION_SECONDS, headers });
  const cpuPerRequest = (cpuMilliseconds(pid) - cpuBefore) / Math.max(result.requests.total, 1);
  return { requestsPerSecond: result.requests.average, total: result.requests.total, p99: result.latency.p99, non2xx: result.non2xx, cpuPerRequest };
}

async function benchUsers(label: string, env: Record<string, string>, port: number): Promise<void> {
  const server = await startProductionServer(port, { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "false" });
  try {
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signIn(base, ADMIN.email, ADMIN.password);
    const pages = [
      ["first page, no search", "/api/admin/users"],
      ["page 2000, no search", "/api/admin/users?page=2000"],
      ["page 2000, sorted by name", "/api/admin/users?page=2000&sort=name"],
      ["name fragment 'lovela'", "/api/admin/users?search=lovela"],
      ["email fragment 'ada.tur'", "/api/admin/users?search=ada.tur"],
    ] as const;
    console.log(`\n${label}: ${BENCH_USERS.toLocaleString("en-US")} accounts, as an admin`);
    for (const [name, pathAndQuery] of pages) {
      const url = `${base}${pathAndQuery}`;
      const answer = (await (await fetch(url, { headers: { cookie } })).json()) as UsersPage;
      if (answer.users.length === 0) throw new Error(`${name}: no users on the page`);
      for (let warmUp = 0; warmUp < 20; warmUp += 1) await fetch(url, { headers: { cookie } });
      const one = await loadOne(url, { cookie }, server.pid);
      const many = await load(url, { cookie });
      const verdict = one.p99 < GOAL_P99_MS ? "under" : "OVER";
      console.log(`  ${name} (${answer.total.toLocaleString("en-US")} found)`);
      console.log(`${formatResult("1 admin", one)}  p99 ${verdict} ${GOAL_P99_MS} ms, server CPU ${one.cpuPerRequest.toFixed(1)} ms per request`);
      console.log(formatResult("50 connections", many));
    }
  } finally {
    await stopServer(server);
  }
}

export async function benchUsersList(): Promise<void> {
  await onFilledDatabases("users", fillUsers, 3216, benchUsers);
}
