import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { monthDeltas, type MonthDelta } from "./month-figures.sql";
import { monthOf, monthsBetween, monthStart, nextMonth } from "./months";
import { revenueHistoryState, revenueMonths } from "./revenue.table";

/** A month is closed, and rolled up, this long after its end: a sync that began before the turn has committed by then. */
const CLOSING_DELAY_MS = 3_600_000;
/** The row that marks a month rolled up, even one in which nothing happened. */
const CLOSED = { figure: "closed", key: "" };

/**
 * Every month's deltas up to now: closed months from their roll-up (computed once from the events
 * up to their end, then never again, so past figures do not change and are read without scanning
 * the history), the open month(s) from the events. Before the existing members' history is
 * reconstructed nothing is rolled up: everything is read from the events.
 */
export async function allMonthDeltas(db: Database, now: Date): Promise<MonthDelta[]> {
  const reconstructed = (await db.select().from(revenueHistoryState).limit(1)).length > 0;
  if (!reconstructed) return monthDeltas(db, new Date(0), farFuture(now));
  const lastClosed = previousMonth(monthOf(new Date(now.getTime() - CLOSING_DELAY_MS)));
  await rollUpClosedMonths(db, lastClosed);
  const rolled = await db.select().from(revenueMonths);
  const live = await monthDeltas(db, monthStart(nextMonth(lastClosed)), farFuture(now));
  return [...rolled.filter((row) => row.figure !== CLOSED.figure), ...live];
}

/** Rolls up the closed months not rolled up yet; two instances doing it at once store the same rows once. */
async function rollUpClosedMonths(db: Database, lastClosed: string): Promise<void> {
  const firstMonth = await firstEventMonth(db);
  if (!firstMonth || firstMonth > lastClosed) return;
  const done = new Set((await db.select({ month: revenueMonths.month }).from(revenueMonths).where(eq(revenueMonths.figure, CLOSED.figure))).map((row) => row.month));
  const missing = monthsBetween(firstMonth, lastClosed).filter((month) => !done.has(month));
  const earliest = missing[0];
  if (!earliest) return;
  const deltas = (await monthDeltas(db, monthStart(earliest), monthStart(nextMonth(lastClosed)))).filter((row) => !done.has(row.month));
  const rows = [...deltas, ...missing.map((month) => ({ month, ...CLOSED, value: 0 }))];
  for (let index = 0; index < rows.length; index += 1000) {
    await db.insert(revenueMonths).values(rows.slice(index, index + 1000)).onConflictDoNothing();
  }
}

async function firstEventMonth(db: Database): Promise<string | null> {
  const result = (await db.execute(sql`select to_char(min(occurred_at) at time zone 'UTC', 'YYYY-MM-01') as month from subscription_events`)) as unknown as { rows: Array<{ month: string | null }> };
  return result.rows[0]?.month ?? null;
}

function previousMonth(month: string): string {
  const start = monthStart(month);
  return monthOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1)));
}

/** Past any event's time, even one stamped by an instance whose clock runs ahead. */
const farFuture = (now: Date) => new Date(now.getTime() + 366 * 86_400_000);
