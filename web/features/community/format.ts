const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const calendarDate = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const fullDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short" });

/** "Just now", "5 minutes ago", "yesterday" within a week, then the date in the browser's locale (spec 000 §9). */
export function postedAgo(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  const elapsed = now - at;
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), "day");
  return calendarDate.format(at);
}

/** The exact moment, for the tooltip of a relative date. */
export function exactDate(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : fullDateTime.format(at);
}

/** An edit counts once the text changed a little after posting (the server stamps both on create). */
export function wasEdited(createdAt: string, updatedAt: string): boolean {
  return Date.parse(updatedAt) - Date.parse(createdAt) > 1000;
}

/** "1 like", "3 likes" */
export function likesLabel(likes: number): string {
  return `${likes} ${likes === 1 ? "like" : "likes"}`;
}

/** A short quote of a post for confirmations and screen-reader labels. */
export function excerpt(text: string, length = 40): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
