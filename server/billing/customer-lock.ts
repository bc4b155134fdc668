import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { billingSyncLeases } from "./billing.table";
import { BillingBusyError, createConnectionShare } from "./connection-share";

/** Stores what a sync read, in one transaction, unless its hold on the customer lapsed meanwhile (then it throws and stores nothing). */
export type Commit = <T>(write: (tx: Database) => Promise<T>) => Promise<T>;

/** One sync of a customer: read the provider (no connection held meanwhile), then write through `commit`. */
export type CustomerSync = (commit: Commit) => Promise<void>;

/**
 * Serializes the syncs of one customer on every instance without holding a connection while the
 * provider answers (billing/README.md, "Serialized syncs").
 */
export interface CustomerLock {
  /**
   * Resolves once a sync of the customer that began reading after this call has committed; rejects
   * if that sync failed. Calls that arrive while a sync waits to begin share it: any number of
   * events for one customer cost at most two provider reads per instance.
   */
  sync(customerId: string, work: CustomerSync): Promise<void>;
  /** Short database work on billing's share of the pool (BillingBusyError when too much already waits). */
  database<T>(work: (db: Database) => Promise<T>): Promise<T>;
}

export interface CustomerLockOptions {
  /** Connections billing may use at once, of the instance's pool (3; billing.ts gives 3 in 10 of DATABASE_POOL_SIZE). */
  connections?: number;
  /** Database steps that may wait for those connections; beyond, BillingBusyError at once. */
  maxWaiting?: number;
  /** A lease lapses this long after it was taken: a holder that died frees its customer then. */
  leaseMs?: number;
  /** How long a sync waits for another instance's sync of the same customer before giving up (BillingBusyError). */
  leaseWaitMs?: number;
}

/**
 * Longer than a Stripe read can take (20 s timeout, two retries); a slower holder loses its write to
 * the fencing check instead of overwriting a newer sync's.
 */
const LEASE_MS = 120_000;
/** A webhook kept waiting longer is better answered 503 and retried than left hanging at Stripe's end. */
const LEASE_WAIT_MS = 10_000;
const FIRST_POLL_MS = 25;
const LAST_POLL_MS = 500;

/** Takes the customer for one sync, calls `reading()` just before the provider read may begin. */
type Hold = (customerId: string, work: CustomerSync, reading: () => void) => Promise<void>;

/**
 * PostgreSQL: a lease row per customer (billing_sync_leases), shared by every instance. PGlite: one
 * process owns the data folder, so this process's own queue per customer is all it takes.
 */
export function createCustomerLock(db: Database, kind: "pglite" | "postgres", options: CustomerLockOptions = {}): CustomerLock {
  const share = createConnectionShare(options.connections ?? 3, options.maxWaiting ?? 500);
  const database = <T>(work: (db: Database) => Promise<T>) => share(() => work(db));
  const commit: Commit = (write) => database((handle) => handle.transaction((tx) => write(tx as unknown as Database)));
  const hold: Hold =
    kind === "postgres"
      ? leaseHold(database, options.leaseMs ?? LEASE_MS, options.leaseWaitMs ?? LEASE_WAIT_MS)
      : async (_customerId, work, reading) => {
          reading();
          await work(commit);
        };
  return { sync: coalesced(hold), database };
}

/**
 * One sync per customer at a time in this process, and at most one more waiting: a call made before
 * the waiting one begins to read joins it, since that read will see whatever the call announced.
 */
function coalesced(hold: Hold): CustomerLock["sync"] {
  const latest = new Map<string, { done: Promise<void>; reading: boolean }>();
  return (customerId, work) => {
    const last = latest.get(customerId);
    if (last && !last.reading) return last.done;
    const previous = last?.done.catch(() => undefined);
    const turn = { done: Promise.resolve(), reading: false };
    turn.done = (async () => {
      try {
        await previous;
        await hold(customerId, work, () => (turn.reading = true));
      } finally {
        if (latest.get(customerId) === turn) latest.delete(customerId);
      }
    })();
    latest.set(customerId, turn);
    return turn.done;
  };
}

/**
 * The lease: taken (or taken over once lapsed) with one statement, polled while another instance
 * holds it; the write checks it under its row lock and deletes it in the same transaction, so a
 * holder whose lease lapsed and was taken over stores nothing.
 */
function leaseHold(database: CustomerLock["database"], leaseMs: number, waitMs: number): Hold {
  const take = async (customerId: string, holder: string): Promise<boolean> => {
    const expiresAt = sql`now() + ${`${leaseMs} milliseconds`}::interval`;
    const taken = await database((db) =>
      db
        .insert(billingSyncLeases)
        .values({ customerId, holder, expiresAt })
        .onConflictDoUpdate({ target: billingSyncLeases.customerId, set: { holder, expiresAt }, setWhere: lte(billingSyncLeases.expiresAt, sql`now()`) })
        .returning({ holder: billingSyncLeases.holder }),
    );
    return taken.length > 0;
  };

  return async (customerId, work, reading) => {
    const holder = randomUUID();
    const deadline = Date.now() + waitMs;
    for (let pause = FIRST_POLL_MS; !(await take(customerId, holder)); pause = Math.min(pause * 2, LAST_POLL_MS)) {
      if (Date.now() + pause > deadline) throw new BillingBusyError(`another instance's sync of customer ${customerId} held it for ${waitMs} ms`);
      await sleep(pause);
    }
    reading();
    let released = false;
    const commit: Commit = async (write) => {
      const result = await database((db) =>
        db.transaction(async (tx) => {
          const [lease] = await tx.select({ holder: billingSyncLeases.holder }).from(billingSyncLeases).where(eq(billingSyncLeases.customerId, customerId)).for("update");
          if (lease?.holder !== holder) throw new Error(`the sync lease of customer ${customerId} lapsed before its write: nothing stored, a newer sync decides`);
          const written = await write(tx as unknown as Database);
          await tx.delete(billingSyncLeases).where(eq(billingSyncLeases.customerId, customerId));
          return written;
        }),
      );
      released = true;
      return result;
    };
    try {
      await work(commit);
    } finally {
      // A failed read frees the customer now; if even this fails, the lease lapses by itself.
      if (!released) await database((db) => db.delete(billingSyncLeases).where(and(eq(billingSyncLeases.customerId, customerId), eq(billingSyncLeases.holder, holder)))).catch(() => undefined);
    }
  };
}
