import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { createTestDatabase } from "../test/test-database";
import { billingSyncLeases } from "./billing.table";
import { BillingBusyError } from "./connection-share";
import { createCustomerLock } from "./customer-lock";

// The lock under the syncs (billing/README.md, "Serialized syncs"), against the run's real store.
// The webhook burst through real processes is server/reliability/webhook-burst.test.ts.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database.close();
});

/** A promise the test opens when it chooses. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("customer lock", () => {
  it("lets calls made while a sync waits to begin share it, and gives a call made during a read a read of its own", async () => {
    const lock = createCustomerLock(database.db, database.kind);
    const reads: number[] = [];
    const firstRead = gate();
    const firstMayFinish = gate();
    const sync = (label: number) =>
      lock.sync("cus_shared", async (commit) => {
        reads.push(label);
        if (reads.length === 1) {
          firstRead.open();
          await firstMayFinish.opened;
        }
        await commit((tx) => tx.execute(sql`select 1`));
      });
    const first = sync(1);
    await firstRead.opened;
    // Five events arrive while the first read is on its way: they may have changed what it read.
    const later = [2, 3, 4, 5, 6].map(sync);
    firstMayFinish.open();
    await Promise.all([first, ...later]);
    expect(reads).toEqual([1, 2]);
  });

  it("uses at most its share of the pool and refuses at once beyond its waiting line", async () => {
    const lock = createCustomerLock(database.db, database.kind, { connections: 1, maxWaiting: 1 });
    const release = gate();
    const holding = lock.database(() => release.opened);
    let waitingRan = false;
    const waiting = lock.database(async () => {
      waitingRan = true;
    });
    await expect(lock.database(async () => undefined)).rejects.toBeInstanceOf(BillingBusyError);
    expect(waitingRan).toBe(false);
    release.open();
    await Promise.all([holding, waiting]);
    expect(waitingRan).toBe(true);
  });

  // The lease is how instances sharing one PostgreSQL take turns; PGlite has one process.
  it.runIf(process.env.TEST_DB === "postgres")("stores nothing from a holder whose lease lapsed and was taken over; the new holder's write stands", async () => {
    const slowInstance = createCustomerLock(database.db, "postgres", { leaseMs: 300 });
    const otherInstance = createCustomerLock(database.db, "postgres", { leaseMs: 300 });
    const tookOver = gate();
    const writes: string[] = [];
    const slow = slowInstance.sync("cus_lapsed", async (commit) => {
      await tookOver.opened;
      await commit(async () => writes.push("slow"));
    });
    // Started once the slow one holds the lease: it waits for the lease to lapse, then reads and writes.
    await waitForLease("cus_lapsed");
    const fresh = otherInstance.sync("cus_lapsed", async (commit) => {
      tookOver.open();
      await commit(async () => writes.push("fresh"));
    });
    // Its refusal can come while the new holder still works: held from the start, not left unhandled.
    const slowRefusal = slow.then(
      () => null,
      (error: unknown) => error,
    );
    await fresh;
    expect(await slowRefusal).toEqual(expect.objectContaining({ message: expect.stringMatching(/lapsed before its write: nothing stored/) }));
    expect(writes).toEqual(["fresh"]);
  });

  it.runIf(process.env.TEST_DB === "postgres")("waits for a lease left by an instance that died, and syncs once it lapses", async () => {
    await database.db.insert(billingSyncLeases).values({ customerId: "cus_orphaned", holder: "killed-instance", expiresAt: sql`now() + interval '300 milliseconds'` });
    const lock = createCustomerLock(database.db, "postgres");
    let synced = false;
    await lock.sync("cus_orphaned", async (commit) => {
      await commit(async () => (synced = true));
    });
    expect(synced).toBe(true);
    expect(await database.db.select().from(billingSyncLeases).where(sql`${billingSyncLeases.customerId} = 'cus_orphaned'`)).toEqual([]);
  });

  it.runIf(process.env.TEST_DB === "postgres")("gives up with BillingBusyError when another instance holds the customer longer than it may wait", async () => {
    await database.db.insert(billingSyncLeases).values({ customerId: "cus_held", holder: "other-instance", expiresAt: sql`now() + interval '1 minute'` });
    const lock = createCustomerLock(database.db, "postgres", { leaseWaitMs: 200 });
    await expect(lock.sync("cus_held", async () => undefined)).rejects.toBeInstanceOf(BillingBusyError);
  });
});

async function waitForLease(customerId: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await database.db.select().from(billingSyncLeases).where(sql`${billingSyncLeases.customerId} = ${customerId}`)).length === 0) {
    if (Date.now() > deadline) throw new Error(`no lease for ${customerId}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
