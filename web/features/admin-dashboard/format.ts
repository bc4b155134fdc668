const MONTH = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

/** { month: "Mar", day: "3" } for the week starting on Monday 2025-03-03 (a calendar date, not a local time). */
export function weekLabel(monday: string): { month: string; day: string } {
  const date = new Date(`${monday}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? { month: "", day: monday } : { month: MONTH.format(date), day: String(date.getUTCDate()) };
}

const WEEK_LONG = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Week of March 3, 2025", for the accessible tables behind the charts. */
export function weekLongLabel(monday: string): string {
  const date = new Date(`${monday}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? monday : `Week of ${WEEK_LONG.format(date)}`;
}

/** The height of a bar as a share of the tallest, in percent; an empty chart stays flat. */
export function barPercent(value: number, max: number): number {
  return max > 0 ? (value / max) * 100 : 0;
}
