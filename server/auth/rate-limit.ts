import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";

/** Both drivers answer raw SQL with `{ rows }`. */
interface QueryRows<T> {
  rows: T[];
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimitWindow {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** The row's window restarts at one once it has ended; otherwise the hit adds one (as count_auth_attempt, migration 0019, counts its two). */
const COUNT_ONE_HIT = sql`on conflict (key) do update set
  count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
  reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
  returning count, ceil(extract(epoch from reset_at - now()))::int as retry`;

const endsAfter = (windowSeconds: number): SQL => sql`now() + make_interval(secs => ${windowSeconds})`;

function resultOf(window: RateLimitWindow, count: number | null | undefined, retry: number | null | undefined): RateLimitResult {
  return { allowed: Number(count ?? 0) <= window.limit, retryAfterSeconds: Math.max(1, Number(retry ?? window.windowSeconds)) };
}

/**
 * Counts one hit against `key` in a fixed window, atomically in the database so every instance
 * shares the count. Expired windows restart at one.
 */
export async function hitRateLimit(db: Database, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const result = (await db.execute(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${endsAfter(windowSeconds)})
    ${COUNT_ONE_HIT}`)) as unknown as QueryRows<{ count: number; retry: number }>;
  const row = result.rows[0];
  return resultOf({ key, limit, windowSeconds }, row?.count, row?.retry);
}

/** Forgets one key's count. */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Drops windows that ended long ago so the table stays small. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}
