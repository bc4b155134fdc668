/**
 * Calendar arithmetic for sessions. A session stores a calendar day and a free-text time ("10:00
 * AM-12:00 PM ET"); the programme runs on US Eastern time, so a time without a zone and "today"
 * are read there.
 */
export const PROGRAMME_TIME_ZONE = "America/New_York";

const ZONES: Record<string, string> = {
  ET: "America/New_York",
  EST: "America/New_York",
  EDT: "America/New_York",
  CT: "America/Chicago",
  CST: "America/Chicago",
  CDT: "America/Chicago",
  MT: "America/Denver",
  MST: "America/Denver",
  MDT: "America/Denver",
  PT: "America/Los_Angeles",
  PST: "America/Los_Angeles",
  PDT: "America/Los_Angeles",
  UTC: "UTC",
  GMT: "UTC",
};

const CLOCK = String.raw`(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?`;
const TIME_RANGE = new RegExp(String.raw`^\s*${CLOCK}\s*(?:-|–|—|to)\s*${CLOCK}\s*(?:\(?([a-z]{2,3})\)?)?\s*$`, "i");

export interface ClockTime {
  hour: number;
  minute: number;
}

export interface SessionTimeRange {
  start: ClockTime;
  end: ClockTime;
  /** An IANA zone. */
  timeZone: string;
}

function clock(hourText: string, minuteText: string | undefined, meridiem: string): ClockTime | null {
  const hour = Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  return { hour: (hour % 12) + (meridiem.toLowerCase() === "p" ? 12 : 0), minute };
}

/** "10:00 AM-12:00 PM", optionally followed by ET/EST/EDT, CT, MT, PT or UTC; null for anything else. */
export function parseSessionTime(text: string): SessionTimeRange | null {
  const match = TIME_RANGE.exec(text);
  if (!match) return null;
  const [, startHour, startMinute, startMeridiem, endHour, endMinute, endMeridiem, zone] = match;
  const start = clock(startHour!, startMinute, startMeridiem!);
  const end = clock(endHour!, endMinute, endMeridiem!);
  const timeZone = zone === undefined ? PROGRAMME_TIME_ZONE : ZONES[zone.toUpperCase()];
  if (!start || !end || !timeZone) return null;
  return { start, end, timeZone };
}

const zoneParts = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, instant: number): Record<"year" | "month" | "day" | "hour" | "minute" | "second", number> {
  let format = zoneParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    zoneParts.set(timeZone, format);
  }
  const values = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  return { year: values.year!, month: values.month!, day: values.day!, hour: values.hour!, minute: values.minute!, second: values.second! };
}

/** Date.UTC without its mapping of years 0-99 to 1900-1999. */
function utcInstant(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, 0, 0);
  return date.getTime();
}

function offsetAt(timeZone: string, instant: number): number {
  const parts = partsIn(timeZone, instant);
  return utcInstant(parts.year, parts.month, parts.day, parts.hour, parts.minute) + parts.second * 1000 - instant;
}

/** The instant a wall-clock time on a calendar day (YYYY-MM-DD) happens in `timeZone`. */
export function zonedTimeToInstant(day: string, time: ClockTime, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const wall = utcInstant(year, month, date, time.hour, time.minute);
  // The offset at the guessed instant may differ from the one at the answer across a DST change; a second pass settles it.
  const guess = wall - offsetAt(timeZone, wall);
  return new Date(wall - offsetAt(timeZone, guess));
}

/** The calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(utcInstant(year, month, date + 1)).toISOString().slice(0, 10);
}

let lastToday: { minute: number; day: string } | undefined;

/**
 * Today's calendar day (YYYY-MM-DD) where the programme runs. Kept for the minute it was asked in:
 * the dashboard asks on every request, and formatting an instant in a time zone took a tenth of that
 * route's time; the programme's zone changes date only on a whole minute.
 */
export function programmeToday(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastToday?.minute === minute) return lastToday.day;
  const { year, month, day } = partsIn(PROGRAMME_TIME_ZONE, now.getTime());
  lastToday = { minute, day: `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}` };
  return lastToday.day;
}

const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "June 15, 2025" for 2025-06-15. */
export function formatSessionDate(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return LONG_DATE.format(new Date(utcInstant(year, month, date)));
}

/** When a session begins: its parsed start, or the start of its day in the programme's zone when its time cannot be read. */
export function sessionStartsAt(day: string, time: string): Date {
  const range = parseSessionTime(time);
  return range ? zonedTimeToInstant(day, range.start, range.timeZone) : zonedTimeToInstant(day, { hour: 0, minute: 0 }, PROGRAMME_TIME_ZONE);
}
