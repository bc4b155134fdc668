/**
 * A session's calendar day (YYYY-MM-DD) in the browser's locale, e.g. "Sunday, June 15, 2025".
 * Read as UTC so the day never shifts with the viewer's time zone.
 */
export function formatSessionDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month || !date) return day;
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString(undefined, {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

const SHOWN_NAMES = 6;

/** "Ada, Alan and Grace"; past six names the rest are counted ("… and 3 others"). */
export function attendeeNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  const shown = names.slice(0, SHOWN_NAMES);
  const others = names.length - shown.length;
  if (others > 0) return `${shown.join(", ")} and ${others} ${others === 1 ? "other" : "others"}`;
  return `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

/** "1 member going", "3 members going". */
export const goingCount = (count: number) => `${count} ${count === 1 ? "member" : "members"} going`;
