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

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Money is integer cents everywhere; dollars only at the edge. */
export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}
