/**
 * What moving from one monthly price to another costs for the rest of the period, in cents, as
 * Stripe prices an immediate plan change: the price difference times the share of the period left
 * after `at` (whole seconds), rounded to the cent. Never negative: downgrades wait for the period end.
 */
export function prorationCents(fromCents: number, toCents: number, period: { start: Date; end: Date }, at: Date): number {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const length = seconds(period.end) - seconds(period.start);
  const left = Math.min(length, Math.max(0, seconds(period.end) - seconds(at)));
  if (length <= 0) return 0;
  return Math.max(0, Math.round(((toCents - fromCents) * left) / length));
}
