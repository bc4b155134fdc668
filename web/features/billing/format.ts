/** Subscription status labels (spec 000 §4); any other value is shown raw. */
const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Past Due",
  canceled: "Canceled",
  not_started: "Not Started",
};

export function subscriptionStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

/** Subscription dates in en-US long form; N/A when absent (spec 000 §9). */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "N/A" : LONG_DATE.format(new Date(time));
}

const LONG_DATE_TIME = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });

/** A moment (a sign-in) in en-US long form with the time in the reader's zone, e.g. "November 28, 2026 at 3:05 PM EST"; N/A when absent. */
export function formatLongDateTime(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "N/A" : LONG_DATE_TIME.format(new Date(time));
}

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Money is integer cents everywhere; dollars only at the edge. */
export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}
