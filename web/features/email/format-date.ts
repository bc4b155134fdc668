/** "November 25, 2026, 11:52 AM": the spec's US long dates, with the time for log entries. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });
}
