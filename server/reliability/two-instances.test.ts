import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { getTableName, type Table } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedResponse } from "../../common/contracts/community";
import type { BulkSendProgress } from "../../common/contracts/email";
import { users } from "../auth/auth.table";
import { communityPosts } from "../features/community/community.table";
import { resources } from "../features/resources/resources.table";
import { mastermindSessions } from "../features/sessions/sessions.table";
import { mediaVideos } from "../features/videos/videos.table";
import { call, signIn, signUp, userIdOf, waitUntil, type CallResult } from "./http-client";
import { killHard, startServerProcess, type ServerProcess } from "./server-process";
import { startSmtpInbox, type SmtpInbox } from "./smtp-inbox";
import { createStores, onPostgres } from "./store-env";

// Two real server processes on one PostgreSQL database, started at the same moment on an empty
// database, as two instances behind a load balancer (issue 15, scale-out). Each check writes
// through one instance and reads through the other.
const ADMIN = { email: "owner@example.com", password: "Owner-secret-1" };
const ACCOUNT_LIMIT = 4;
const POSTS_PER_MINUTE = 10;
/** The promised bound for another instance to see a change (viewer cache, answer cache). */
const WITHIN_MS = 1000;
/** setTimeout may wake a millisecond early by Date.now(), which the caches' expiry checks read. */
const CLOCK_SLACK_MS = 5;
const FEED = `<?xml version="1.0"?><rss version="2.0"><channel><title>Press</title>
  <item><title>Shared headline</title><link>https://news.example.com/a</link><pubDate>Tue, 10 Jun 2025 14:00:00 GMT</pubDate></item>
</channel></rss>`;

const stores = createStores("two-instances");
const servers: ServerProcess[] = [];
let inbox: SmtpInbox;
let feed: Server;
let feedFetches = 0;
let databaseUrl = "";
let one: ServerProcess;
let two: ServerProcess;
let admin: CallResult;

async function query<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Waits out the promised bound after a write was acknowledged: a read sent then must see it (the
 * bound is the promise, not a measurement; a missing invalidation keeps the old answer far longer).
 */
const waitOneSecond = () => sleep(WITHIN_MS + CLOCK_SLACK_MS);

let counter = 0;
async function member(on: ServerProcess): Promise<{ cookie: string; id: string; email: string }> {
  counter += 1;
  const email = `member-${counter}@example.com`;
  const answer = await signUp(on.base, email);
  expect(answer.status).toBe(200);
  return { cookie: answer.cookie, id: userIdOf(answer), email };
}

describe.runIf(onPostgres && process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL database", () => {
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    feed = createServer((_request, response) => {
      feedFetches += 1;
      response.writeHead(200, { "content-type": "application/rss+xml" }).end(FEED);
    });
    await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
    databaseUrl = await stores.emptyPostgres();
    const env = {
      DATABASE_URL: databaseUrl,
      // Shared by every instance, as the README asks; the files folder too (one volume).
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      DATA_DIR: stores.dataFolder(),
      WEB_DIST_DIR: "/nonexistent-web-build",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "true",
      SMTP_URL: inbox.url,
      EMAIL_BATCH_SIZE: "3",
      EMAIL_BATCH_PAUSE_MS: "50",
      NEWS_FEED_URL: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.xml`,
      NEWS_ALLOW_PRIVATE: "true",
      AUTH_RATE_LIMIT_IP: "100000",
      AUTH_RATE_LIMIT_ACCOUNT: String(ACCOUNT_LIMIT),
    };
    const started = Promise.all([startServerProcess(env), startServerProcess(env)]);
    [one, two] = await started;
    servers.push(one, two);
    admin = await signIn(one.base, ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await killHard(server);
    await inbox?.close();
    feed?.closeAllConnections();
    await new Promise((resolve) => feed?.close(resolve));
    await stores.cleanup();
  });

  it("started at once on an empty database: every migration applied once, one first admin, the samples seeded once", async () => {
    const journal = JSON.parse(readFileSync("server/db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
    const [migrations] = await query<{ applied: string; distinct: string }>("select count(*) as applied, count(distinct hash) as distinct from drizzle.__drizzle_migrations");
    expect(migrations).toEqual({ applied: String(journal.entries.length), distinct: String(journal.entries.length) });
    const admins = await query<{ email: string; role: string }>(`select email, role from ${getTableName(users)} where role = 'admin'`);
    expect(admins).toEqual([{ email: ADMIN.email, role: "admin" }]);
    const count = (table: Table) => `(select count(*) from ${getTableName(table)})`;
    const [seeded] = await query<Record<string, string>>(
      `select ${count(mastermindSessions)} as sessions, ${count(communityPosts)} as posts, ${count(resources)} as resources, ${count(mediaVideos)} as videos`,
    );
    expect(seeded).toEqual({ sessions: "4", posts: "3", resources: "4", videos: "5" });
    // Both came up clean: nothing logged as an error while the other one migrated and seeded.
    expect(one.errors() + two.errors()).not.toMatch(/"level":(50|60)/);
  });

  it("accepts a session made on one instance on the other, and ends it there when it signs out on the first", async () => {
    const person = await member(one);
    expect((await call(two.base, "/api/me", { cookie: person.cookie })).json).toMatchObject({ user: { email: person.email } });
    expect((await call(one.base, "/api/auth/sign-out", { body: {}, cookie: person.cookie })).status).toBe(200);
    await waitOneSecond();
    expect((await call(two.base, "/api/me", { cookie: person.cookie })).json).toEqual({ user: null });
  });

  it("shares the sign-in limit: wrong passwords spread over both instances lock the account on both", async () => {
    const person = await member(one);
    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt += 1) {
      const through = attempt % 2 ? two : one;
      expect((await signIn(through.base, person.email, "wrong-password")).status).toBe(401);
    }
    expect((await signIn(one.base, person.email, "wrong-password")).status).toBe(429);
    expect((await signIn(two.base, person.email, "wrong-password")).status).toBe(429);
  });

  it("shares the posting limit: ten posts spread over both instances, the eleventh refused on either", async () => {
    const person = await member(one);
    for (let index = 0; index < POSTS_PER_MINUTE; index += 1) {
      const through = index % 2 ? two : one;
      const posted = await call(through.base, "/api/community/posts", { body: { content: `post ${index}` }, cookie: person.cookie });
      expect(posted.status, JSON.stringify(posted.json)).toBe(201);
    }
    expect((await call(one.base, "/api/community/posts", { body: { content: "too many" }, cookie: person.cookie })).status).toBe(429);
    expect((await call(two.base, "/api/community/posts", { body: { content: "too many" }, cookie: person.cookie })).status).toBe(429);
  });

  it("shows a tier change, a deactivation and a new post made through one instance on the other within a second", async () => {
    const person = await member(one);
    const reader = await member(two);
    const feedOnTwo = async () => ((await call(two.base, "/api/community/posts", { cookie: reader.cookie })).json as FeedResponse | null)?.posts ?? [];
    // Read through the second instance first, so that its caches hold the old answers.
    expect((await call(two.base, "/api/me", { cookie: person.cookie })).json).toMatchObject({ user: { membershipTier: "free" } });
    await feedOnTwo();

    expect((await call(one.base, `/api/admin/users/${person.id}`, { method: "PATCH", body: { membershipTier: "brand-ceo" }, cookie: admin.cookie })).status).toBe(200);
    await waitOneSecond();
    expect((await call(two.base, "/api/me", { cookie: person.cookie })).json).toMatchObject({ user: { membershipTier: "brand-ceo" } });

    expect((await call(one.base, "/api/community/posts", { body: { content: "Fresh from instance one" }, cookie: person.cookie })).status).toBe(201);
    await waitOneSecond();
    expect((await feedOnTwo()).map((item) => item.content)).toContain("Fresh from instance one");

    expect((await call(one.base, `/api/admin/users/${person.id}`, { method: "PATCH", body: { isActive: false }, cookie: admin.cookie })).status).toBe(200);
    await waitOneSecond();
    expect([401, 403]).toContain((await call(two.base, "/api/community/posts", { cookie: person.cookie })).status);
  });

  it("works a bulk send started on one instance with both: every recipient mailed exactly once", async () => {
    const people = await Promise.all(Array.from({ length: 12 }, (_, index) => member(index % 2 ? two : one)));
    const started = await call(two.base, "/api/admin/users/email", { body: { userIds: people.map((person) => person.id), subject: "Both instances", message: "<p>Hi</p>" }, cookie: admin.cookie });
    expect(started.status).toBe(200);
    const sendId = String(started.json?.sendId);
    await waitUntil("the send is done", async () => ((await call(one.base, `/api/admin/email/bulk/${sendId}`, { cookie: admin.cookie })).json as BulkSendProgress | null)?.status === "done");
    expect([...inbox.recipients].sort()).toEqual(people.map((person) => person.email).sort());
  });

  it("fetches the news feed once for both instances (the cache is in the database)", async () => {
    const fromOne = await call(one.base, "/api/news");
    const fromTwo = await call(two.base, "/api/news");
    expect(fromOne.json).toMatchObject({ failed: false, items: [expect.objectContaining({ title: "Shared headline" })] });
    expect(fromTwo.json).toEqual(fromOne.json);
    expect(feedFetches).toBe(1);
  });
});
