/**
 * A cell a spreadsheet shows as text, never runs: Excel and Sheets evaluate a cell starting with
 * = + - @ (or a tab or carriage return before one) as a formula, so a member named "=HYPERLINK(…)"
 * would run in the admin's spreadsheet. A leading apostrophe makes it text (OWASP's advice).
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
