import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, memberCookie, type TestApp } from "../../test/build-test-app";

/**
 * A burst (webhooks waiting on Stripe, a slow export) can keep every pool connection busy on a
 * database that is fine. Readiness must still say ready, or a load balancer pulls a healthy instance;
 * requests that cannot get a connection answer 503 instead of hanging. PostgreSQL only: PGlite has
 * one connection and no pool to fill.
 */
describe.runIf(process.env.TEST_DB === "postgres")("readiness while the pool is busy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("answers ready over its own connection while every pool connection is taken, and members' requests answer 503", async () => {
    const { cookie } = await memberCookie(t, "inventor");
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held: Promise<unknown>[] = [];
    const taken: Promise<void>[] = [];
    // The test database's pool holds 4 connections (server/test/test-database.ts).
    for (let index = 0; index < 4; index += 1) {
      let isTaken = () => {};
      taken.push(new Promise<void>((resolve) => (isTaken = resolve)));
      held.push(
        t.database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          isTaken();
          await gate;
        }),
      );
    }
    await Promise.all(taken);
    try {
      const started = Date.now();
      const ready = await t.app.inject({ url: "/api/ready" });
      expect(ready.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);

      const members = await t.app.inject({ url: "/api/community/posts", headers: { cookie } });
      expect(members.statusCode).toBe(503);
      expect(members.json().error.code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      release();
      await Promise.all(held);
    }
    expect((await t.app.inject({ url: "/api/ready" })).statusCode).toBe(200);
  });
});
