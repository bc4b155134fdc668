import type { Database } from "../db/client";

/** The statements `work` sends through Drizzle on `db` (each prepared query is one), with its result. */
export async function countingStatements<T>(db: Database, work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const original = session.prepareQuery;
  let statements = 0;
  session.prepareQuery = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    session.prepareQuery = original;
  }
}
