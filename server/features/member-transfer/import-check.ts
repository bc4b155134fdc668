import { inArray, sql } from "drizzle-orm";
import { IMPORT_LIMITS } from "../../../common/contracts/member-transfer";
import { EmailSchema } from "../../../common/contracts/auth";
import { PLANS, TIERS, type Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import { chunks } from "../users/chunks";
import type { UploadedRow } from "./import-file";

/** A row as the dry run found it: what will be stored, and why it is skipped if it is. */
export interface CheckedRow {
  rowNumber: number;
  name: string;
  email: string;
  tier: Tier | null;
  joinedAt: Date | null;
  notes: string;
  problems: string[];
  plan: "create" | "unchanged" | "skip";
}

/** Tier cells may hold the tier's id or its plan name, in any case: "brand-ceo", "Brand CEO". */
const TIER_BY_NAME = new Map<string, Tier>(TIERS.flatMap((tier) => [[tier, tier] as const, [PLANS[tier].name.toLowerCase(), tier] as const]));

function tierOf(cell: string): Tier | null | undefined {
  if (cell === "") return "free";
  return TIER_BY_NAME.get(cell.toLowerCase()) ?? undefined;
}

/** Joined dates are days (YYYY-MM-DD), read as midnight UTC; not after today. */
function joinedOf(cell: string, now: Date): { date: Date | null; problem?: string } {
  if (cell === "") return { date: null };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== cell) return { date: null, problem: `Joined date "${cell}" is not a date: use YYYY-MM-DD, e.g. 2024-03-31` };
  if (date > now) return { date: null, problem: `Joined date ${cell} is in the future` };
  return { date };
}

function checkCells(row: UploadedRow, now: Date): Omit<CheckedRow, "plan"> {
  const problems: string[] = [];
  const name = row.name.trim();
  if (name === "") problems.push("Name is missing");
  else if (name.length > IMPORT_LIMITS.maxName) problems.push(`Name is longer than ${IMPORT_LIMITS.maxName} characters`);
  const email = EmailSchema.safeParse(row.email);
  if (!email.success) problems.push(row.email === "" ? "Email is missing" : `Email "${row.email}" is not a valid address`);
  const tier = tierOf(row.tier.trim());
  if (tier === undefined) problems.push(`Unknown tier "${row.tier}": use Free, Inventor, Entrepreneur or Brand CEO`);
  const joined = joinedOf(row.joined.trim(), now);
  if (joined.problem) problems.push(joined.problem);
  if (row.notes.length > IMPORT_LIMITS.maxNotes) problems.push(`Notes are longer than ${IMPORT_LIMITS.maxNotes.toLocaleString("en-US")} characters`);
  return { rowNumber: row.rowNumber, name, email: email.success ? email.data.toLowerCase() : row.email, tier: tier ?? null, joinedAt: joined.date, notes: row.notes, problems };
}

/**
 * The dry run: each row's problems (cells, a repeated email, an existing member with another tier),
 * and what the import will do with the rest. A member who exists with the row's tier is unchanged,
 * so importing a file again changes nothing.
 */
export async function checkRows(db: Database, uploaded: readonly UploadedRow[], now: Date): Promise<CheckedRow[]> {
  const rows = uploaded.map((row) => checkCells(row, now));
  const firstRowOf = new Map<string, number>();
  for (const row of rows) {
    if (row.problems.some((problem) => problem.startsWith("Email"))) continue;
    const first = firstRowOf.get(row.email);
    if (first === undefined) firstRowOf.set(row.email, row.rowNumber);
    else row.problems.push(`Same email as row ${first}`);
  }
  const existing = await existingTiers(db, [...firstRowOf.keys()]);
  return rows.map((row) => {
    const tier = existing.get(row.email);
    if (tier !== undefined && row.tier !== null && tier !== row.tier) row.problems.push(`Already a member with the ${PLANS[tier].name} tier`);
    if (row.problems.length > 0) return { ...row, plan: "skip" };
    return { ...row, plan: tier === undefined ? "create" : "unchanged" };
  });
}

async function existingTiers(db: Database, emails: string[]): Promise<Map<string, Tier>> {
  const found = new Map<string, Tier>();
  for (const batch of chunks(emails, 1000)) {
    const rows = await db.select({ email: sql<string>`lower(${users.email})`, tier: users.membershipTier }).from(users).where(inArray(sql`lower(${users.email})`, batch));
    for (const row of rows) found.set(row.email, row.tier);
  }
  return found;
}
