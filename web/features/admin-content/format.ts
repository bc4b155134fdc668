const LONG_DAY = new Intl.DateTimeFormat("en-US", { weekday: "short", year: "numeric", month: "long", day: "numeric" });

/**
 * "Mon, June 16, 2025" from a calendar day (YYYY-MM-DD), read in local time: parsing it as an ISO
 * instant would show the previous day west of UTC.
 */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month || !date) return day;
  return LONG_DAY.format(new Date(year, month - 1, date));
}
