/** "$99" from 9900 cents (whole dollars for plan prices). */
export function formatMonthlyPrice(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString("en-US")}`;
}

/** First letter of a name or email, upper-cased, for avatar placeholders. */
export function initialOf(nameOrEmail: string): string {
  return (nameOrEmail.trim().charAt(0) || "?").toUpperCase();
}
