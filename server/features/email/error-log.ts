import { desc, lt, sql } from "drizzle-orm";
import { EMAIL_ERROR_LOG_LIMIT, type EmailErrorEntry, type EmailErrorType } from "../../../common/contracts/email";
import type { Database } from "../../db/client";
import { emailErrorLog } from "./email.table";

export interface NewEmailError {
  type: EmailErrorType;
  message: string;
  details?: string | null;
  recipient?: string | null;
  subject?: string | null;
}

/** Adds an entry and drops those past the newest 100 (spec 001 §8). */
export async function recordEmailError(db: Database, entry: NewEmailError): Promise<void> {
  await db.insert(emailErrorLog).values({ ...entry, details: entry.details ?? null, recipient: entry.recipient ?? null, subject: entry.subject ?? null });
  const [oldestKept] = await db.select({ id: emailErrorLog.id }).from(emailErrorLog).orderBy(desc(emailErrorLog.id)).offset(EMAIL_ERROR_LOG_LIMIT - 1).limit(1);
  if (oldestKept) await db.delete(emailErrorLog).where(lt(emailErrorLog.id, oldestKept.id));
}

/** The newest 100 entries, newest first; searching, filtering and sorting happen on the screen. */
export async function listEmailErrors(db: Database): Promise<EmailErrorEntry[]> {
  const rows = await db.select().from(emailErrorLog).orderBy(desc(emailErrorLog.createdAt), desc(emailErrorLog.id)).limit(EMAIL_ERROR_LOG_LIMIT);
  return rows.map((row) => ({
    id: String(row.id),
    type: row.type,
    message: row.message,
    timestamp: row.createdAt.toISOString(),
    details: row.details,
    recipient: row.recipient,
    subject: row.subject,
  }));
}

export async function clearEmailErrors(db: Database): Promise<void> {
  await db.delete(emailErrorLog).where(sql`true`);
}
