import { nextDay, parseSessionTime, zonedTimeToInstant } from "./session-time";

export interface CalendarSession {
  id: number;
  title: string;
  date: string;
  time: string;
  location: string;
  description: string;
  facilitator: string;
  /** Only given to viewers whose tier admits the session: the file then carries it. */
  joinUrl?: string | null;
}

const PRODUCT_ID = "-//The Inventors Community//Mastermind Sessions//EN";
const MAX_LINE_OCTETS = 75;

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped, line breaks as \n, other controls dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, "\\n");
}

/** RFC 5545 §3.1: lines longer than 75 octets continue on the next line after a space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, "utf8");
    // Continuation lines start with the folding space, which counts towards their 75 octets.
    const limit = lines.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n ");
}

const utcStamp = (instant: Date) => instant.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const dateValue = (day: string) => day.replace(/-/g, "");

function timing(session: CalendarSession): string[] {
  const range = parseSessionTime(session.time);
  if (!range) return [`DTSTART;VALUE=DATE:${dateValue(session.date)}`, `DTEND;VALUE=DATE:${dateValue(nextDay(session.date))}`];
  const start = zonedTimeToInstant(session.date, range.start, range.timeZone);
  let end = zonedTimeToInstant(session.date, range.end, range.timeZone);
  // "10:00 PM-1:00 AM" ends the next day.
  if (end <= start) end = zonedTimeToInstant(nextDay(session.date), range.end, range.timeZone);
  return [`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(end)}`];
}

function details(session: CalendarSession): string {
  const lines = [session.description];
  // An all-day event loses the free-text time, so it travels in the description.
  if (!parseSessionTime(session.time)) lines.push(`Time: ${session.time}`);
  if (session.facilitator) lines.push(`Facilitator: ${session.facilitator}`);
  // Calendar apps show the description everywhere; not all of them show URL.
  if (session.joinUrl) lines.push(`Join: ${session.joinUrl}`);
  return lines.join("\n\n");
}

/** A one-event calendar for a session, in UTC times (or all-day when its time cannot be read), CRLF line endings. */
export function sessionCalendar(session: CalendarSession, now: Date): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODUCT_ID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:mastermind-session-${session.id}@the-inventors-community`,
    `DTSTAMP:${utcStamp(now)}`,
    ...timing(session),
    `SUMMARY:${escapeText(session.title)}`,
    `DESCRIPTION:${escapeText(details(session))}`,
    `LOCATION:${escapeText(session.location)}`,
    // A URI value, not TEXT: join links hold no spaces or line breaks (validated, and the migration's pattern stops at spaces).
    ...(session.joinUrl ? [`URL:${session.joinUrl}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** An ASCII file name from the title, safe in a Content-Disposition header. */
export function calendarFileName(session: Pick<CalendarSession, "id" | "title">): string {
  const slug = session.title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${slug || `mastermind-session-${session.id}`}.ics`;
}
