// npm run bench -- notifications: what the notification centre costs (issue 28), on both databases.
// - 1,000 open notification streams: the server's resident memory before and after (goal: at most
//   60 MB more) and the members' lists beside them as a ratio of the lists alone (goal: ≥ 0.9);
// - "New session for Brand CEO" to 10,000 members: the time until the last member's notification is
//   written (goal: under 10 s), and the lists' p99 meanwhile against their p99 alone;
// - on PostgreSQL, with a second instance: a reply posted through one instance reaching its author's
//   stream on the other, while the lists are loaded (goal: p99 within 1 s).
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../server/db/client";
import { hashPassword } from "../server/auth/password";
import { onFilledDatabases } from "./filled-databases";
import { formatResult, load, signIn, signUpMember, type RouteResult } from "./http-load";
import { residentMegabytes } from "./process-memory";
import { startProductionServer, stopServer } from "./server";

const ADMIN = { email: "bench-notify-admin@example.com", password: "bench-admin-pass-1" };
const PROBE = { id: "zzzzzzzz-probe", email: "bench-notify-probe@example.com", password: "bench-probe-pass-1" };
const PORT = 3240;
const MEMBERS = 10_000;
const STREAMS = 1_000;
const GOALS = { streamMegabytes: 60, listRatio: 0.9, broadcastMs: 10_000 };
const LIST = "/api/community/posts";
const REPLIERS = 5;
/** The posting limit lets a member write 10 a minute. */
const REPLIES_EACH = 10;
const GOAL_DELIVERY_P99_MS = 1000;

/** 10,000 Brand CEO members, ids in order, and a probe member who sorts last: a broadcast reaches it last. */
async function fillMembers(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`
    insert into users (id, email, full_name, email_verified, membership_tier)
    select 'bench-member-' || lpad(n::text, 6, '0'), 'bench-member-' || n || '@example.com', 'Member ' || n, true, 'brand-ceo'
    from generate_series(1, ${MEMBERS}) as n`);
  await handle.db.execute(sql`insert into users (id, email, full_name, email_verified, membership_tier) values (${PROBE.id}, ${PROBE.email}, 'Probe Member', true, 'brand-ceo')`);
  await handle.db.execute(sql`insert into accounts (id, account_id, provider_id, user_id, password) values ('probe-account', ${PROBE.id}, 'credential', ${PROBE.id}, ${await hashPassword(PROBE.password)})`);
}

/** Opens one event stream and resolves once its first event ("ready") arrived; the request stays open. */
function openStream(base: string, cookie: string, agent: http.Agent): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/notifications/stream`, { headers: { cookie, accept: "text/event-stream" }, agent }, (response) => {
      response.setEncoding("utf8");
      response.once("data", () => resolve(request));
      response.on("error", () => undefined);
    });
    request.on("error", reject);
  });
}

async function unreadOf(base: string, cookie: string): Promise<number> {
  return ((await (await fetch(`${base}/api/notifications/unread-count`, { headers: { cookie } })).json()) as { unread: number }).unread;
}

async function benchNotifications(label: string, env: Record<string, string>, port: number): Promise<void> {
  const server = await startProductionServer(port, { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "false" });
  const base = `http://127.0.0.1:${port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: STREAMS + 10 });
  const streams: http.ClientRequest[] = [];
  try {
    const admin = await signIn(base, ADMIN.email, ADMIN.password);
    const probe = await signIn(base, PROBE.email, PROBE.password);
    console.log(`\n${label}: ${MEMBERS.toLocaleString("en-US")} Brand CEO members`);
    await load(`${base}${LIST}`, { cookie: probe }, 3);
    const alone = await load(`${base}${LIST}`, { cookie: probe });
    console.log(formatResult(`GET ${LIST} alone`, alone));

    await sleep(1000);
    const before = residentMegabytes(server.pid);
    for (let opened = 0; opened < STREAMS; opened += 50) streams.push(...(await Promise.all(Array.from({ length: 50 }, () => openStream(base, probe, agent)))));
    await sleep(1000);
    const after = residentMegabytes(server.pid);
    const beside = await load(`${base}${LIST}`, { cookie: probe });
    console.log(formatResult(`GET ${LIST} beside ${STREAMS} streams`, beside));
    const grown = after - before;
    const ratio = beside.requestsPerSecond / alone.requestsPerSecond;
    console.log(`  ${STREAMS} streams: ${before} MB → ${after} MB resident (+${grown} MB, goal ≤ ${GOALS.streamMegabytes}) ${grown <= GOALS.streamMegabytes ? "(goal met)" : "(goal missed)"}`);
    console.log(`  lists beside the streams: ratio ${ratio.toFixed(2)} (goal ≥ ${GOALS.listRatio}) ${ratio >= GOALS.listRatio ? "(goal met)" : "(goal missed)"}`);
    for (const stream of streams.splice(0)) stream.destroy();

    const started = performance.now();
    const created = await fetch(`${base}/api/admin/sessions`, {
      method: "POST",
      headers: { cookie: admin, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ title: "Bench CEO roundtable", date: "2099-01-01", time: "7:00 PM-8:00 PM ET", location: "Online", description: "Bench", tier: "brand-ceo" }),
    });
    if (created.status !== 201) throw new Error(`session not created: ${created.status}`);
    let meanwhile: RouteResult | null = null;
    const during = load(`${base}${LIST}`, { cookie: admin }, 5).then((result) => (meanwhile = result));
    while ((await unreadOf(base, probe)) < 1) await sleep(50);
    const writtenMs = performance.now() - started;
    await during;
    console.log(`  "New session for Brand CEO" to ${(MEMBERS + 2).toLocaleString("en-US")} members written in ${Math.round(writtenMs)} ms (goal < ${GOALS.broadcastMs}) ${writtenMs < GOALS.broadcastMs ? "(goal met)" : "(goal missed)"}`);
    if (meanwhile) console.log(`${formatResult(`GET ${LIST} while it is written`, meanwhile)}  (p99 alone ${alone.p99} ms)`);
    if (env.DATABASE_URL) await crossInstanceDelivery(env, port);
  } finally {
    for (const stream of streams) stream.destroy();
    agent.destroy();
    await stopServer(server);
  }
}

/** Resolves at each "notification" event of a stream opened on `base`. */
function notificationEvents(base: string, cookie: string): Promise<{ next: () => Promise<void>; close: () => void }> {
  return new Promise((resolve, reject) => {
    let waiting: (() => void) | null = null;
    let pending = 0;
    const request = http.get(`${base}/api/notifications/stream`, { headers: { cookie, accept: "text/event-stream" } }, (response) => {
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        pending += chunk.split("event: notification").length - 1;
        if (pending > 0 && waiting) {
          pending -= 1;
          const wake = waiting;
          waiting = null;
          wake();
        }
      });
      resolve({
        next: () =>
          new Promise<void>((done) => {
            if (pending > 0) {
              pending -= 1;
              return done();
            }
            waiting = done;
          }),
        close: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}

/** A reply through instance A reaching its author's stream on instance B, while A's lists are loaded. */
async function crossInstanceDelivery(env: Record<string, string>, port: number): Promise<void> {
  const first = `http://127.0.0.1:${port}`;
  const secondPort = port + 10;
  const second = await startProductionServer(secondPort, { ...env, SEED_DEMO: "false" });
  try {
    const probeOnA = await signIn(first, PROBE.email, PROBE.password);
    const probeOnB = await signIn(`http://127.0.0.1:${secondPort}`, PROBE.email, PROBE.password);
    const post = await fetch(`${first}/api/community/posts`, { method: "POST", headers: { cookie: probeOnA, origin: first, "content-type": "application/json" }, body: JSON.stringify({ content: "Bench: who replies fastest?" }) });
    const { id } = (await post.json()) as { id: number };
    const repliers = await Promise.all(Array.from({ length: REPLIERS }, (_unused, n) => signUpMember(first, `Replier ${n}`)));
    const events = await notificationEvents(`http://127.0.0.1:${secondPort}`, probeOnB);
    const latencies: number[] = [];
    const loading = load(`${first}${LIST}`, { cookie: probeOnA }, 15);
    for (const replier of repliers) {
      for (let n = 0; n < REPLIES_EACH; n += 1) {
        const started = performance.now();
        const arrived = events.next();
        const sent = await fetch(`${first}/api/community/posts/${id}/replies`, { method: "POST", headers: { cookie: replier, origin: first, "content-type": "application/json" }, body: JSON.stringify({ content: `Reply ${n}` }) });
        if (sent.status !== 201) throw new Error(`reply refused: ${sent.status}`);
        await arrived;
        latencies.push(performance.now() - started);
      }
    }
    const lists = await loading;
    events.close();
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1] ?? 0;
    const p50 = latencies[Math.floor(latencies.length / 2)] ?? 0;
    console.log(`  reply on instance A → author's stream on instance B: p50 ${Math.round(p50)} ms, p99 ${Math.round(p99)} ms over ${latencies.length} replies (goal p99 ≤ ${GOAL_DELIVERY_P99_MS}) ${p99 <= GOAL_DELIVERY_P99_MS ? "(goal met)" : "(goal missed)"}`);
    console.log(formatResult(`GET ${LIST} on A meanwhile`, lists));
  } finally {
    await stopServer(second);
  }
}

export async function benchNotificationCentre(): Promise<void> {
  await onFilledDatabases("notifications", fillMembers, PORT, benchNotifications);
}

if (process.argv[1]?.endsWith("notifications.bench.ts")) await benchNotificationCentre();
