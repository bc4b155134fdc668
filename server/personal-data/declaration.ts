import type { Database } from "../db/client";

/**
 * How a feature declares the personal data it keeps: each of its columns that refers to an account,
 * what the member's export shows of it, and what deleting the account does with it. Self-service
 * export, self-service deletion and an admin's deletion are all built from these declarations
 * (server/personal-data-declarations.ts lists them), and `personal-data.test.ts` fails when a column
 * referring to `users` is declared nowhere.
 */
export interface PersonalDataDeclaration {
  /** The feature folder, for messages and README. */
  feature: string;
  /** Every column of the feature's tables that refers to an account, as `table.column`. */
  columns: Readonly<Record<string, ColumnDeletion>>;
  /** The feature's top-level keys of data.json, in file order. */
  exportSections: readonly ExportSection[];
  /** Columns whose rows hold nothing worth giving the member, with the reason (README.txt says so). */
  notExported?: Readonly<Record<string, string>>;
  /**
   * Stored files that go with the accounts, read inside the deletion's transaction before `erase`;
   * they are removed once it commits.
   */
  filesToRemove?(erasure: Erasure): Promise<string[]>;
  /**
   * Runs inside the deletion's transaction, before the account rows go: what the foreign keys'
   * cascades cannot do alone (counts to correct, names kept as text, data kept under the address).
   */
  erase?(erasure: Erasure): Promise<void>;
}

/**
 * What deleting the account does with a column's rows: they go (`delete`), stay without the link to
 * the member (`anonymise`), or stay as they are (`keep`, with the reason). `how` says it in words.
 */
export type ColumnDeletion = { action: "delete" | "anonymise"; how: string } | { action: "keep"; reason: string };

/** Who deleted the accounts: the member their own, with their choice about their posts, or an admin. */
export type ErasedBy = "member" | "admin";

/** The accounts being deleted, in the deletion's transaction. */
export interface Erasure {
  tx: Database;
  members: readonly ErasedMember[];
  by: ErasedBy;
}

export interface ErasedMember {
  id: string;
  /** Lower-cased: traces kept under the address are matched by it. */
  email: string;
  /** Proven address (social or SSO sign-in, invitation, admin-created): only then is data matched by address theirs. */
  emailConfirmed: boolean;
  /** What the member chose for their posts and replies; an admin's deletion keeps them as 'Deleted member'. */
  posts: "anonymise" | "delete";
}

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
}

/** One top-level key of data.json: a single value, or a list read page by page. */
export interface ExportSection {
  key: string;
  /** The columns referring to the member (of the declaring feature) whose rows this section exports, as `table.column`. */
  covers: readonly string[];
  read(context: ExportContext): Promise<unknown> | AsyncIterable<unknown>;
  /** For a list that can grow long: how many items it holds, which decides download or mail (EXPORT_DOWNLOAD_LIMITS). */
  records?(context: ExportContext): Promise<number>;
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
