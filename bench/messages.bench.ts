// npm run bench -- messages: direct messages across two instances on PostgreSQL (issue 29), with
// BENCH_DATABASE_URL (skipped without it: one embedded instance has no second to cross to).
// - the conversation list's statement on 100,000 member sides of conversations: its plan (one
//   index scan of dm_participants_list_idx) and its time;
// - the members' load benchmark (load-members.bench.ts: 200 members split between the instances, each
//   calling the members' pages without pause, on 100,000 posts) while members signed in on instance A
//   write to members whose streams are open on instance B: the time from sending to the `message`
//   event on B (goal: p99 within 1 s).
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openPostgres, type DatabaseHandle } from "../server/db/client";
import { fillContent } from "./content-data";
import { signIn } from "./http-load";
import { createHttp, percentile } from "./load-client";
import { prepareMembers, runMix, summarize } from "./load-members.bench";
import { startProductionServer, stopServer } from "./server";

const PORT = 3250;
const ADMIN = { email: "bench-messages-admin@example.com", password: "bench-admin-pass-1" };
/** Accounts holding the filled conversations: 50,000 conversations, 100,000 sides. */
const FILL_MEMBERS = 2_000;
const CONVERSATIONS_EACH = 25;
const PAIRS = Number(process.env.BENCH_MESSAGE_PAIRS ?? 10);
const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? 200);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const GOAL_P99_MS = 1000;

/** Conversations between filled members, each with one message, so the list reads a realistic index. */
async function fillConversations(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`
    insert into users (id, email, full_name, email_verified, membership_tier)
    select 'bench-dm-' || lpad(n::text, 5, '0'), 'bench-dm-' || n || '@example.com', 'Writer ' || n, true, 'inventor'
    from generate_series(1, ${FILL_MEMBERS}) as n`);
  // Each filled member talks with the next CONVERSATIONS_EACH members: every pair once.
  await handle.db.execute(sql`
    insert into dm_conversations (pair_key, started_by, created_at, last_message_at)
    select least(a, b) || ':' || greatest(a, b), a, now() - make_interval(secs => n), now() - make_interval(secs => n)
    from (select row_number() over () as n, 'bench-dm-' || lpad(i::text, 5, '0') as a, 'bench-dm-' || lpad((1 + (i + k - 1) % ${FILL_MEMBERS})::text, 5, '0') as b
          from generate_series(1, ${FILL_MEMBERS}) as i, generate_series(1, ${CONVERSATIONS_EACH}) as k) as pairs`);
  await handle.db.execute(sql`
    insert into dm_participants (conversation_id, user_id, other_user_id, last_message_at)
    select c.id, side.user_id, side.other_id, c.last_message_at
    from dm_conversations c, lateral (values (split_part(c.pair_key, ':', 1), split_part(c.pair_key, ':', 2)), (split_part(c.pair_key, ':', 2), split_part(c.pair_key, ':', 1))) as side(user_id, other_id)`);
  await handle.db.execute(sql`insert into dm_messages (conversation_id, sender_id, body, created_at) select id, started_by, 'Hello from the bench', last_message_at from dm_conversations`);
  await handle.db.execute(sql`analyze`);
}

/** The plan and time of the conversation list's statement (conversation-reads.ts) for the member with the most conversations. */
async function explainList(handle: DatabaseHandle): Promise<void> {
  const counted = (await handle.db.execute(sql`select count(*)::int as sides from dm_participants`)) as unknown as { rows: Array<{ sides: number }> };
  const busiest = (await handle.db.execute(sql`select user_id, count(*)::int as conversations from dm_participants group by user_id order by 2 desc limit 1`)) as unknown as { rows: Array<{ user_id: string; conversations: number }> };
  const member = busiest.rows[0];
  if (!member) throw new Error("no conversations filled");
  const plan = (await handle.db.execute(sql`
    explain (analyze, costs off, timing off, summary on)
    select p.conversation_id, p.unread_count, p.last_message_at, u.full_name, m.body
    from dm_participants p
    left join users u on u.id = p.other_user_id
    left join lateral (select body, sender_id, created_at, hidden_at from dm_messages where conversation_id = p.conversation_id order by id desc limit 1) m on true
    where p.user_id = ${member.user_id}
    order by p.last_message_at desc, p.conversation_id desc
    limit 31`)) as unknown as { rows: Array<{ "QUERY PLAN": string }> };
  console.log(`  conversation list of a member with ${member.conversations} conversations, ${counted.rows[0]?.sides.toLocaleString("en-US")} sides in all:`);
  for (const row of plan.rows) console.log(`    ${row["QUERY PLAN"]}`);
}

/** Resolves with the time of each `message` event of a stream opened on `base`. */
function messageEvents(base: string, cookie: string): Promise<{ next: () => Promise<number>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const waiting: Array<(at: number) => void> = [];
    const arrived: number[] = [];
    const request = http.get(`${base}/api/notifications/stream`, { headers: { cookie, accept: "text/event-stream" } }, (response) => {
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        const at = performance.now();
        for (let count = chunk.split("event: message\n").length - 1; count > 0; count -= 1) {
          const wake = waiting.shift();
          if (wake) wake(at);
          else arrived.push(at);
        }
      });
      resolve({ next: () => new Promise((done) => (arrived.length > 0 ? done(arrived.shift() ?? 0) : waiting.push(done))), close: () => request.destroy() });
    });
    request.on("error", reject);
  });
}

async function newMember(base: string, admin: string, name: string): Promise<{ cookie: string; id: string }> {
  const email = `bench-dm-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await fetch(`${base}/api/auth/sign-up/email`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify({ name, email, password: "bench-pass-1" }) });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const changed = await fetch(`${base}/api/admin/users/${user.id}`, { method: "PATCH", headers: { cookie: admin, origin: base, "content-type": "application/json" }, body: JSON.stringify({ membershipTier: "inventor" }) });
  if (!changed.ok) throw new Error(`tier change failed: ${changed.status}`);
  return { cookie: response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; "), id: user.id };
}

const post = (base: string, cookie: string, url: string, body: object) =>
  fetch(`${base}${url}`, { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify(body) });

/** One pair: the sender on A writes until `until`, each message timed until the recipient's stream on B has it. */
async function timePair(a: string, b: string, admin: { a: string; b: string }, pair: number, until: number): Promise<number[]> {
  const sender = await newMember(a, admin.a, `Sender ${pair}`);
  const recipient = await newMember(b, admin.b, `Recipient ${pair}`);
  const events = await messageEvents(b, recipient.cookie);
  const latencies: number[] = [];
  let conversationId = 0;
  try {
    for (let n = 0; Date.now() < until; n += 1) {
      const started = performance.now();
      const arrived = events.next();
      const sent = n === 0 ? await post(a, sender.cookie, "/api/messages/conversations", { recipientId: recipient.id, body: `Hello ${pair}` }) : await post(a, sender.cookie, `/api/messages/conversations/${conversationId}/messages`, { body: `Message ${n}` });
      if (sent.status !== 201) throw new Error(`message refused: ${sent.status} ${await sent.text()}`);
      if (n === 0) conversationId = ((await sent.json()) as { conversationId: number }).conversationId;
      latencies.push((await arrived) - started);
    }
  } finally {
    events.close();
  }
  return latencies;
}

/** Members' load (load-members.bench.ts: 200 members split between A and B) while PAIRS members on A write to members on B. */
async function benchDelivery(env: Record<string, string>): Promise<void> {
  const serverEnv = { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "false", AUTH_RATE_LIMIT_IP: "1000000" };
  const first = await startProductionServer(PORT, serverEnv);
  const second = await startProductionServer(PORT + 10, serverEnv);
  const [a, b] = [`http://127.0.0.1:${PORT}`, `http://127.0.0.1:${PORT + 10}`];
  const http = createHttp(MEMBERS);
  try {
    const admin = { a: await signIn(a, ADMIN.email, ADMIN.password), b: await signIn(b, ADMIN.email, ADMIN.password) };
    const members = await prepareMembers(http, [a, b], { [a]: admin.a, [b]: admin.b });
    const mix = runMix(http, members);
    const until = Date.now() + LOAD_SECONDS * 1000;
    const latencies = (await Promise.all(Array.from({ length: PAIRS }, (_unused, pair) => timePair(a, b, admin, pair, until)))).flat();
    const stats = await mix;
    const p50 = percentile(latencies, 0.5);
    const p99 = percentile(latencies, 0.99);
    console.log(`  message through A → recipient's stream on B: p50 ${Math.round(p50)} ms, p99 ${Math.round(p99)} ms, max ${Math.round(Math.max(...latencies))} ms over ${latencies.length} messages from ${PAIRS} members writing at once (goal p99 ≤ ${GOAL_P99_MS}) ${p99 <= GOAL_P99_MS ? "(goal met)" : "(goal missed)"}`);
    console.log(`  members' load meanwhile (${MEMBERS} members for ${LOAD_SECONDS} s): ${summarize(stats)}; load average ${os.loadavg()[0]?.toFixed(1)} at the end`);
  } finally {
    http.close();
    await stopServer(second);
    await stopServer(first);
  }
}

export async function benchMessages(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return console.log("\nmessages: BENCH_DATABASE_URL is not set (two instances need PostgreSQL): skipped");
  const name = `bench_messages_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-messages-"));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Filling 100,000 posts (each indexed for search by its trigger) and 50,000 conversations takes longer than a request may.
    const handle = openPostgres(url.toString(), { statementTimeoutMs: 1_800_000, queryTimeoutMs: 1_801_000 });
    try {
      await handle.migrate();
      await fillContent(handle);
      await fillConversations(handle);
      console.log("\nPostgreSQL (BENCH_DATABASE_URL), 2 instances: direct messages");
      await explainList(handle);
    } finally {
      await handle.close();
    }
    await benchDelivery({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("messages.bench.ts")) await benchMessages();
