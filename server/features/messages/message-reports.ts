import { aliasedTable, and, asc, eq, isNull, sql } from "drizzle-orm";
import { MESSAGING_MESSAGES, type MessageReport, type MessageReportDecisionSchema, type ReportedConversation } from "../../../common/contracts/messages";
import type { z } from "zod";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { recordAudit } from "../users/audit-log";
import { toMessagePerson } from "./message-people";
import { dmMessages, dmParticipants, dmReports } from "./messages.table";

const REPORT_NOT_FOUND = "Report not found";
/** Messages a moderator is shown of one reported conversation: the newest ones. */
const REPORTED_MESSAGES_LIMIT = 500;

/** A member reports a conversation of theirs: moderators may read it until they decide. One open report per member and conversation. */
export async function reportConversation(db: Database, viewerId: string, conversationId: number, reason: string): Promise<void> {
  const [side] = await db
    .select({ otherUserId: dmParticipants.otherUserId })
    .from(dmParticipants)
    .where(and(eq(dmParticipants.conversationId, conversationId), eq(dmParticipants.userId, viewerId)));
  if (!side) throw new AppError("NOT_FOUND", MESSAGING_MESSAGES.notFound);
  const inserted = await db.execute(sql`
    insert into ${dmReports} (conversation_id, reporter_id, reported_id, reason) values (${conversationId}, ${viewerId}, ${side.otherUserId}, ${reason})
    on conflict (conversation_id, reporter_id) where resolved_at is null do nothing
    returning id`);
  if ((inserted as unknown as { rows: unknown[] }).rows.length === 0) throw new AppError("CONFLICT", MESSAGING_MESSAGES.alreadyReported);
}

const reporter = aliasedTable(users, "reporter");
const reported = aliasedTable(users, "reported");

const reportRows = (db: Database) =>
  db
    .select({
      id: dmReports.id,
      conversationId: dmReports.conversationId,
      reason: dmReports.reason,
      createdAt: dmReports.createdAt,
      reportedId: dmReports.reportedId,
      reporterPerson: { personId: reporter.id, personName: reporter.name, personRole: reporter.role, personTier: reporter.membershipTier, personImage: reporter.image },
      reportedPerson: { personId: reported.id, personName: reported.name, personRole: reported.role, personTier: reported.membershipTier, personImage: reported.image },
      reportedEmail: reported.email,
    })
    .from(dmReports)
    .leftJoin(reporter, eq(reporter.id, dmReports.reporterId))
    .leftJoin(reported, eq(reported.id, dmReports.reportedId))
    .$dynamic();

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>["execute"]>>[number];

function toReport(row: ReportRow): MessageReport {
  return {
    id: row.id,
    conversationId: row.conversationId,
    reporter: toMessagePerson(row.reporterPerson),
    reported: toMessagePerson(row.reportedPerson),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Open reports, oldest first: the moderators' queue of conversations. */
export async function listOpenReports(db: Database): Promise<MessageReport[]> {
  const rows = await reportRows(db).where(isNull(dmReports.resolvedAt)).orderBy(asc(dmReports.createdAt), asc(dmReports.id));
  return rows.map(toReport);
}

async function openReport(db: Database, reportId: number): Promise<ReportRow> {
  const [row] = await reportRows(db).where(and(eq(dmReports.id, reportId), isNull(dmReports.resolvedAt)));
  if (!row) throw new AppError("NOT_FOUND", REPORT_NOT_FOUND);
  return row;
}

/**
 * The reported conversation, for moderators, while its report is open: the only way an admin reads
 * a conversation. Hidden messages show their text here, so the decision can be checked.
 */
export async function readReportedConversation(db: Database, reportId: number): Promise<ReportedConversation> {
  const row = await openReport(db, reportId);
  const messages = await db
    .select({ id: dmMessages.id, senderId: dmMessages.senderId, body: dmMessages.body, hiddenAt: dmMessages.hiddenAt, createdAt: dmMessages.createdAt })
    .from(dmMessages)
    .where(eq(dmMessages.conversationId, row.conversationId))
    .orderBy(sql`${dmMessages.id} desc`)
    .limit(REPORTED_MESSAGES_LIMIT);
  return {
    report: toReport(row),
    messages: messages.reverse().map((message) => ({
      id: message.id,
      conversationId: row.conversationId,
      fromReported: message.senderId !== null && message.senderId === row.reportedId,
      body: message.body,
      hidden: message.hiddenAt !== null,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

type Decision = z.output<typeof MessageReportDecisionSchema>["decision"];

/**
 * Dismiss the report, or hide the reported member's messages in that conversation. Either closes
 * every open report about that member in it, with an audit entry in the same transaction.
 */
export async function decideMessageReport(db: Database, admin: Viewer, reportId: number, decision: Decision): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const row = await openReport(txDb, reportId);
    const sameMember = row.reportedId === null ? isNull(dmReports.reportedId) : eq(dmReports.reportedId, row.reportedId);
    const closed = await txDb
      .update(dmReports)
      .set({ resolvedAt: sql`now()`, decision, resolvedBy: admin.userId })
      .where(and(eq(dmReports.conversationId, row.conversationId), sameMember, isNull(dmReports.resolvedAt)))
      .returning({ id: dmReports.id });
    let hiddenMessages = 0;
    if (decision === "hidden" && row.reportedId) {
      const hidden = await txDb
        .update(dmMessages)
        .set({ hiddenAt: sql`now()` })
        .where(and(eq(dmMessages.conversationId, row.conversationId), eq(dmMessages.senderId, row.reportedId), isNull(dmMessages.hiddenAt)))
        .returning({ id: dmMessages.id });
      hiddenMessages = hidden.length;
    }
    await recordAudit(txDb, admin, [
      {
        action: decision === "hidden" ? "hide-messages" : "dismiss-message-report",
        targetId: row.reportedId ?? "",
        targetEmail: row.reportedEmail ?? "Deleted member",
        before: { conversation: row.conversationId, reports: closed.map((report) => report.id), reason: row.reason },
        after: decision === "hidden" ? { hiddenMessages } : null,
      },
    ]);
  });
}

