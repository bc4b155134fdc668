import type { Pool } from "pg";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { waitUntil } from "../reliability/http-client";
import { createTestDatabase } from "../test/test-database";
import { createJobQueue } from "./job-queue";
import { QUEUES } from "./queues";

// Another connection holds a lock that the worker's fetch waits on: PostgreSQL only (PGlite has one connection).
const onPostgres = process.env.TEST_DB === "postgres";
const databases: DatabaseHandle[] = [];
afterAll(async () => {
  for (const database of databases) await database.close().catch(() => undefined);
});

describe.runIf(onPostgres)("stopping the job queue", () => {
  it("lets a job fetched while the stop began run to its end and be recorded, before the database closes", async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const pool = (database.db as unknown as { $client: Pool }).$client;
    const queue = createJobQueue(database, pino({ level: "silent" }));
    const ran: string[] = [];
    queue.register<Record<string, never>>({
      queue: QUEUES.accountExportCleanup,
      expireInSeconds: 60,
      retryLimit: 0,
      retryDelaySeconds: 1,
      async handler(job) {
        await pool.query("select pg_sleep(0.2)");
        ran.push(job.id);
      },
    });
    await queue.start();

    // The job goes in inside a transaction that holds the job table: the worker's next fetch waits for it.
    const holder = await pool.connect();
    let jobId: string | undefined;
    let stopped: Promise<void> | undefined;
    try {
      await holder.query("begin");
      await holder.query("lock table pgboss.job in access exclusive mode");
      // Due a minute ago: the fetch that ends up waiting may have begun just before this transaction, and
      // it only takes jobs due before its own start (start_after < now()), so a default of now() could miss it.
      jobId = (
        await holder.query<{ id: string }>(`insert into pgboss.job (name, data, start_after) values ($1, '{}', now() - interval '1 minute') returning id`, [QUEUES.accountExportCleanup])
      ).rows[0]?.id;
      // The worker's own fetch (FOR UPDATE SKIP LOCKED), not the queue's housekeeping, which waits on the table too.
      const fetchWaits = async () =>
        (await pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%skip locked%'`)).rows[0]?.n ?? 0;
      await waitUntil("the worker's fetch waits for the held table", async () => (await fetchWaits()) > 0, 30_000);
      stopped = queue.stop();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query("commit");
    } finally {
      holder.release();
    }
    await stopped;

    expect(ran).toEqual([jobId]);
    const state = await pool.query(`select state from pgboss.job where id = $1`, [jobId]);
    expect(state.rows[0]?.state).toBe("completed");
    await database.close();
  });
});
