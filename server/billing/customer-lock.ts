import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * Runs `work` while no other sync of the same customer runs, on any instance. `work` gets the
 * database to use inside the lock: read the provider and write through it, so a read can never be
 * overtaken by an older one (billing/README.md, "Serialized syncs").
 */
export type CustomerLock = <T>(customerId: string, work: (db: Database) => Promise<T>) => Promise<T>;

/** Our namespace for advisory locks (first key), so other features' locks never collide with a customer's. */
const SYNC_LOCK_NAMESPACE = 0x5b11;

/**
 * PostgreSQL: a transaction-scoped advisory lock on the customer, held across instances and
 * released by the commit or rollback. PGlite: one process owns the data folder, so an in-process
 * queue per customer serializes everything; a transaction there would stall every other query while
 * the provider is read.
 */
export function createCustomerLock(db: Database, kind: "pglite" | "postgres"): CustomerLock {
  if (kind === "postgres") {
    return (customerId, work) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_NAMESPACE}, hashtext(${customerId}))`);
        return work(tx as unknown as Database);
      });
  }
  const tails = new Map<string, Promise<unknown>>();
  return async (customerId, work) => {
    const previous = tails.get(customerId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => work(db));
    tails.set(customerId, run);
    try {
      return await run;
    } finally {
      if (tails.get(customerId) === run) tails.delete(customerId);
    }
  };
}
