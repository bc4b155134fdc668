/**
 * "Valid until" a chosen day means until that day is over where the business runs (US Eastern, the
 * zone the programme's sessions are read in), whichever way the day arrives: a calendar day
 * (`2026-12-31`, from the form's date field or the API) or a timestamp, whose Eastern calendar day counts.
 */
export const BUSINESS_TIME_ZONE = "America/New_York";

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const wallClockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** The calendar day (year, month, day) of `value`, or null when it names no real day (2026-13-45, 2026-02-30, "soon"). */
function chosenDay(value: string): [number, number, number] | null {
  const match = CALENDAR_DAY.exec(value.trim());
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const probe = new Date(Date.UTC(year, month - 1, day));
    const isReal = probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
    return isReal ? [year, month, day] : null;
  }
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return null;
  const [year, month, day] = dayFormat.format(new Date(instant)).split("-").map(Number) as [number, number, number];
  return [year, month, day];
}

/** How far the business zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number): number {
  const parts = Object.fromEntries(wallClockFormat.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The last millisecond of the chosen day in US Eastern time, or null when `value` is not a real date. */
export function endOfChosenDay(value: string): Date | null {
  const day = chosenDay(value);
  if (!day) return null;
  const nextMidnightWall = Date.UTC(day[0], day[1] - 1, day[2] + 1);
  // The offset at the guess may differ from the one at the answer across a DST change; a second pass settles it.
  const guess = nextMidnightWall - zoneOffset(nextMidnightWall);
  return new Date(nextMidnightWall - zoneOffset(guess) - 1);
}

const longDayFormat = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, year: "numeric", month: "long", day: "numeric" });

/** The chosen day an end-of-day instant stands for, in en-US long form ("December 31, 2026"), wherever the reader is. */
export function formatChosenDay(iso: string): string {
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? "N/A" : longDayFormat.format(new Date(instant));
}
