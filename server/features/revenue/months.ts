/** The first day of the month `at` falls in (UTC), as month columns store it: '2026-03-01'. */
export const monthOf = (at: Date): string => `${at.toISOString().slice(0, 7)}-01`;

/** Midnight UTC on the first day of a month ('2026-03-01'). */
export const monthStart = (month: string): Date => new Date(`${month}T00:00:00.000Z`);

/** The month after `month`. */
export function nextMonth(month: string): string {
  const start = monthStart(month);
  return monthOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)));
}

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month);
  return months;
}
