import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, memberCookie, type TestApp } from "../../test/build-test-app";
import { QUEUES } from "../../jobs/queues";
import { eventually } from "./account-data.test-support";

interface QueryRows<T> {
  rows: T[];
}

let t: TestApp;
// Instances share the database and the files (README: "Running on PostgreSQL").
const dataDir = mkdtempSync(path.join(os.tmpdir(), "inventors-export-cleanup-"));
beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false", DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A second instance on the same database and files, as behind a load balancer. */
async function withSecondInstance(work: (second: TestApp) => Promise<void>): Promise<void> {
  const second = await buildTestApp({ SEED_DEMO: "false", DATA_DIR: dataDir }, t);
  try {
    await work(second);
  } finally {
    await second.close();
  }
}

const schedules = async () =>
  ((await t.database.db.execute(sql`select name, cron, timezone from pgboss.schedule where name = ${QUEUES.accountExportCleanup}`)) as unknown as QueryRows<{ name: string; cron: string; timezone: string }>).rows;

async function storedExport(userId: string, status: "ready" | "failed" | "preparing", age: { expiresIn?: string; requestedAgo: string }): Promise<{ id: string; fileKey: string }> {
  const fileKey = await t.files.put("exports", "zip", Buffer.from(`zip of ${userId} ${status} ${age.requestedAgo}`));
  const expires = age.expiresIn ? sql`now() + ${age.expiresIn}::interval` : sql`null`;
  const result = (await t.database.db.execute(
    sql`insert into account_exports (user_id, status, file_key, requested_at, expires_at) values (${userId}, ${status}, ${fileKey}, now() - ${age.requestedAgo}::interval, ${expires}) returning id`,
  )) as unknown as QueryRows<{ id: string }>;
  return { id: result.rows[0]?.id ?? "", fileKey };
}

const rowExists = async (id: string) => Number(((await t.database.db.execute(sql`select count(*)::int as n from account_exports where id = ${id}`)) as unknown as QueryRows<{ n: number }>).rows[0]?.n) === 1;

describe("expired data exports are removed by a scheduled job", () => {
  it("is scheduled hourly in pg-boss once the queue starts", async () => {
    await t.jobs.start();
    expect(await schedules()).toEqual([{ name: QUEUES.accountExportCleanup, cron: "0 * * * *", timezone: "UTC" }]);
  });

  it("removes the file and the row of every expired or long-abandoned export, and keeps the rest", async () => {
    const member = await memberCookie(t, "free", "Cleanup Member");
    const expired = await storedExport(member.userId, "ready", { requestedAgo: "8 days", expiresIn: "-1 day" });
    const current = await storedExport(member.userId, "ready", { requestedAgo: "1 day", expiresIn: "6 days" });
    const abandoned = await storedExport(member.userId, "preparing", { requestedAgo: "8 days" });
    const recentFailure = await storedExport(member.userId, "failed", { requestedAgo: "2 hours" });
    for (const stored of [expired, current, abandoned, recentFailure]) expect(await t.files.stat(stored.fileKey)).not.toBeNull();

    await t.jobs.send(QUEUES.accountExportCleanup, {});
    await eventually(async () => (await t.files.stat(expired.fileKey)) === null && (await t.files.stat(abandoned.fileKey)) === null);
    expect(await rowExists(expired.id)).toBe(false);
    expect(await rowExists(abandoned.id)).toBe(false);
    for (const kept of [current, recentFailure]) {
      expect(await rowExists(kept.id)).toBe(true);
      expect(await t.files.stat(kept.fileKey)).not.toBeNull();
    }
  });

  // Two instances share a database only on PostgreSQL (one process at a time opens an embedded folder).
  it.runIf(process.env.TEST_DB === "postgres")("keeps one schedule and leaves nothing behind when two instances start and run it at once", async () => {
    await withSecondInstance(async (second) => {
      await second.jobs.start();
      expect(await schedules()).toHaveLength(1);
      const member = await memberCookie(t, "free", "Overlap Member");
      const many = await Promise.all(Array.from({ length: 30 }, () => storedExport(member.userId, "ready", { requestedAgo: "9 days", expiresIn: "-2 days" })));
      await Promise.all([t.jobs.send(QUEUES.accountExportCleanup, {}), second.jobs.send(QUEUES.accountExportCleanup, {})]);
      await eventually(async () => {
        const left = (await t.database.db.execute(sql`select count(*)::int as n from account_exports where user_id = ${member.userId}`)) as unknown as QueryRows<{ n: number }>;
        return Number(left.rows[0]?.n) === 0;
      });
      for (const stored of many) expect(await t.files.stat(stored.fileKey)).toBeNull();
      const failed = (await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.accountExportCleanup} and state = 'failed'`)) as unknown as QueryRows<{ n: number }>;
      expect(Number(failed.rows[0]?.n)).toBe(0);
    });
  });
});
