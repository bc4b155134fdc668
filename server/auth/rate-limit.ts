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

/** The row's window restarts at one once it has ended; otherwise the hit adds one. */
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

/**
 * Counts one hit against `first`, and against `then` only while `first` is within its limit (a
 * refused hit spends nothing of the second), in one statement: one round trip instead of two for
 * every attempt at a sign-in. `then` is null when `first` refused.
 */
export async function hitRateLimitsInTurn(db: Database, first: RateLimitWindow, then: RateLimitWindow): Promise<[RateLimitResult, RateLimitResult | null]> {
  const result = (await db.execute(sql`
    with first_hit as (
      insert into rate_limits (key, count, reset_at) values (${first.key}, 1, ${endsAfter(first.windowSeconds)})
      ${COUNT_ONE_HIT}
    ), then_hit as (
      insert into rate_limits (key, count, reset_at)
      select ${then.key}, 1, ${endsAfter(then.windowSeconds)} from first_hit where first_hit.count <= ${first.limit}
      ${COUNT_ONE_HIT}
    )
    select first_hit.count as first_count, first_hit.retry as first_retry, then_hit.count as then_count, then_hit.retry as then_retry
    from first_hit left join then_hit on true`)) as unknown as QueryRows<{ first_count: number; first_retry: number; then_count: number | null; then_retry: number | null }>;
  const row = result.rows[0];
  const counted = row?.then_count !== null && row?.then_count !== undefined;
  return [resultOf(first, row?.first_count, row?.first_retry), counted ? resultOf(then, row.then_count, row.then_retry) : null];
}

/** Forgets one key's count. */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Drops windows that ended long ago so the table stays small. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}
