import type { BillingDeps } from "../../billing/sync";
import type { Database } from "../../db/client";

/** Whose data is read, and with what. */
export interface ExportContext {
  db: Database;
  userId: string;
  /** Lower-cased: call requests and mail are matched by address. */
  email: string;
  /**
   * True when the address is proven (social or SSO sign-in, an invitation, an admin-created account).
   * Call requests are matched by address only then: anyone may type an address into the call form,
   * and a password sign-up proves no address, so a stranger could otherwise read another's requests.
   */
  emailConfirmed: boolean;
  /** Null when payments are misconfigured: invoices then read as unavailable. */
  billing: BillingDeps | null;
}

/** One top-level key of data.json: a single value, or a list read page by page. */
export interface ExportSection {
  key: string;
  /** The foreign keys to `users` whose rows this section exports, as `table.column`. */
  covers: readonly string[];
  read(context: ExportContext): Promise<unknown> | AsyncIterable<unknown>;
}

export const PAGE_SIZE = 500;

/**
 * Reads a list page by page (keyset: `fetchPage` gets the last row of the previous page), so a member
 * with 100,000 likes never has them in memory at once.
 */
export async function* pagesOf<Row, Item>(fetchPage: (after: Row | null) => Promise<Row[]>, toItem: (row: Row) => Item): AsyncIterable<Item> {
  let after: Row | null = null;
  for (;;) {
    const rows = await fetchPage(after);
    for (const row of rows) yield toItem(row);
    if (rows.length < PAGE_SIZE) return;
    after = rows[rows.length - 1] ?? null;
  }
}

export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);
