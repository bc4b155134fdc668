import { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import { and, desc, or, sql, type SQL } from "drizzle-orm";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import { searchFilter } from "../users/users.service";
import { spreadsheetSafe } from "./csv-cell";

/** Accounts read per query: a page in memory at a time, whatever the number of members. */
export const EXPORT_PAGE_SIZE = 1000;

export const EXPORT_COLUMNS = ["id", "name", "email", "role", "tier", "complimentary_tier", "complimentary_until", "status", "joined", "last_login", "admin_note"] as const;

/** The cursor keeps the database's microseconds: a JavaScript Date would drop them and repeat or skip members of one millisecond. */
const createdKey = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface Cursor {
  createdKey: string;
  id: string;
}

/** Newest first, like the list: (created_at, id) below the last row read, walking users_created_at_idx. */
function after(cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return or(sql`${users.createdAt} < ${cursor.createdKey}::timestamptz`, and(sql`${users.createdAt} = ${cursor.createdKey}::timestamptz`, sql`${users.id} < ${cursor.id}`));
}

type ExportedRow = Awaited<ReturnType<typeof readPage>>[number];

function readPage(db: Database, search: string, cursor: Cursor | null) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      tier: users.membershipTier,
      tierOverride: users.tierOverride,
      tierOverrideUntil: users.tierOverrideUntil,
      isActive: users.isActive,
      awaitingApproval: users.awaitingApproval,
      createdAt: users.createdAt,
      createdKey,
      lastLogin: users.lastLogin,
      adminNote: users.adminNote,
    })
    .from(users)
    .where(and(searchFilter(search), after(cursor)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(EXPORT_PAGE_SIZE);
}

/** Every matching account, one page per query; the next page is read only when the reader wants more. */
async function* matchingAccounts(db: Database, search: string): AsyncGenerator<ExportedRow> {
  let cursor: Cursor | null = null;
  for (;;) {
    const page = await readPage(db, search, cursor);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_SIZE) return;
    cursor = { createdKey: last.createdKey, id: last.id };
  }
}

const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? "";

function statusOf(row: ExportedRow): string {
  if (row.isActive) return "active";
  return row.awaitingApproval ? "awaiting approval" : "inactive";
}

function toRecord(row: ExportedRow): string[] {
  const complimentary = row.tierOverride !== null;
  const cells = [
    row.id,
    row.name,
    row.email,
    row.role,
    row.tier,
    complimentary ? row.tierOverride : "",
    complimentary ? day(row.tierOverrideUntil) : "",
    statusOf(row),
    day(row.createdAt),
    row.lastLogin?.toISOString() ?? "",
    row.adminNote,
  ];
  return cells.map((cell) => spreadsheetSafe(cell ?? ""));
}

/**
 * The accounts User Management's search matches, as CSV (UTF-8 with a byte order mark, so Excel
 * reads accents), newest first. Streamed: pages are read as the client takes the bytes, so memory
 * stays flat for any number of members; a client that goes away ends the reading.
 */
export function membersCsv(db: Database, search: string): Readable {
  const records = Readable.from((async function* () {
    for await (const row of matchingAccounts(db, search)) yield toRecord(row);
  })());
  const csv = stringify({ header: true, columns: [...EXPORT_COLUMNS], bom: true, quoted_match: /^\s|\s$/ });
  return pipeline(records, csv, () => {
    // An error or a closed connection destroys both streams; the reply reports it.
  });
}
