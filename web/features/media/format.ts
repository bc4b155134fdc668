const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

/** "November 25, 2026" (spec 001 §9: dates in US long form). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "N/A" : LONG_DATE.format(date);
}

/** A media item's address as someone outside the browser would open it. */
export const absoluteUrl = (url: string) => new URL(url, window.location.origin).toString();
