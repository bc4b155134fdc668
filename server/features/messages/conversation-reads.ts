import { and, count, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { CONVERSATIONS_PAGE_SIZE, MESSAGES_PAGE_SIZE, MESSAGING_MESSAGES, type ConversationDetail, type ConversationList, type ConversationSummary, type DirectMessage } from "../../../common/contracts/messages";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { activeSuspension, suspensionEndText } from "../community/suspensions";
import { MODERATION_MESSAGES } from "../../../common/contracts/community";
import { excerptOf } from "../notifications/notify";
import { hasBlocked, personColumns, readAddressee, toMessagePerson } from "./message-people";
import { dmMessages, dmParticipants, dmReports } from "./messages.table";
import { whyNotWrite } from "./messaging.policy";

const lastMessage = (db: Database) =>
  db
    .select({ body: dmMessages.body, senderId: dmMessages.senderId, createdAt: dmMessages.createdAt, hiddenAt: dmMessages.hiddenAt })
    .from(dmMessages)
    .where(eq(dmMessages.conversationId, dmParticipants.conversationId))
    .orderBy(desc(dmMessages.id))
    .limit(1)
    .as("last_message");

/** The viewer's side of conversations with the other member and the newest message: one indexed read (dm_participants_list_idx). */
const summaries = (db: Database, viewerId: string) => {
  const last = lastMessage(db);
  return db
    .select({
      id: dmParticipants.conversationId,
      unread: dmParticipants.unreadCount,
      lastMessageAt: dmParticipants.lastMessageAt,
      // Microseconds, which a JavaScript date would lose: the cursor must name the row exactly.
      cursorAt: sql<string>`to_char(${dmParticipants.lastMessageAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      ...personColumns,
      lastBody: last.body,
      lastSenderId: last.senderId,
      lastCreatedAt: last.createdAt,
      lastHiddenAt: last.hiddenAt,
    })
    .from(dmParticipants)
    .leftJoin(users, eq(users.id, dmParticipants.otherUserId))
    .leftJoinLateral(last, sql`true`)
    .where(eq(dmParticipants.userId, viewerId))
    .$dynamic();
};

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>["execute"]>>[number];

function toSummary(row: SummaryRow, viewerId: string): ConversationSummary {
  const visible = row.lastHiddenAt === null ? row.lastBody : null;
  return {
    id: row.id,
    other: toMessagePerson(row),
    lastMessage: row.lastCreatedAt ? { excerpt: visible ? excerptOf(visible) : "", fromMe: row.lastSenderId === viewerId, createdAt: row.lastCreatedAt.toISOString() } : null,
    unread: row.unread,
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_(\d{1,10})$/;

/** The viewer's conversations, newest message first, a page at a time. */
export async function listConversations(db: Database, viewer: Viewer, cursor: string | undefined): Promise<ConversationList> {
  const after = cursor ? CURSOR.exec(cursor) : null;
  if (cursor && !after) throw new AppError("BAD_REQUEST", "This page link is not valid", { cursor: "This page link is not valid" });
  const query = summaries(db, viewer.userId);
  if (after) query.where(and(eq(dmParticipants.userId, viewer.userId), sql`(${dmParticipants.lastMessageAt}, ${dmParticipants.conversationId}) < (${after[1]}::timestamptz, ${Number(after[2])})`));
  const rows = await query.orderBy(desc(dmParticipants.lastMessageAt), desc(dmParticipants.conversationId)).limit(CONVERSATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return { conversations: page.map((row) => toSummary(row, viewer.userId)), nextCursor: rows.length > CONVERSATIONS_PAGE_SIZE && last ? `${last.cursorAt}_${last.id}` : null };
}

/** How many conversations hold messages the viewer has not read. */
export async function countUnreadConversations(db: Database, viewerId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(dmParticipants)
    .where(and(eq(dmParticipants.userId, viewerId), gt(dmParticipants.unreadCount, 0)));
  return row?.value ?? 0;
}

/** Why the viewer cannot write in the conversation now (its composer shows it), or null. */
export async function whyNotReply(db: Database, viewer: Viewer, otherUserId: string | null): Promise<string | null> {
  const suspension = await activeSuspension(db, viewer.userId);
  if (suspension) return MODERATION_MESSAGES.suspended(suspensionEndText(suspension.until));
  const addressee = otherUserId ? await readAddressee(db, viewer.userId, otherUserId) : null;
  return whyNotWrite(viewer, addressee, true);
}

/** A conversation of the viewer's: the newest page of messages (oldest first), or the page before `before`. 404 for anyone else's. */
export async function getConversation(db: Database, viewer: Viewer, conversationId: number, before: number | undefined): Promise<ConversationDetail> {
  const [row] = await summaries(db, viewer.userId).where(and(eq(dmParticipants.userId, viewer.userId), eq(dmParticipants.conversationId, conversationId)));
  if (!row) throw new AppError("NOT_FOUND", MESSAGING_MESSAGES.notFound);
  const [messages, cannotReply, blockedByMe, reported] = await Promise.all([
    db
      .select({ id: dmMessages.id, senderId: dmMessages.senderId, body: dmMessages.body, hiddenAt: dmMessages.hiddenAt, createdAt: dmMessages.createdAt })
      .from(dmMessages)
      .where(and(eq(dmMessages.conversationId, conversationId), before ? lt(dmMessages.id, before) : undefined))
      .orderBy(desc(dmMessages.id))
      .limit(MESSAGES_PAGE_SIZE + 1),
    whyNotReply(db, viewer, row.personId),
    row.personId ? hasBlocked(db, viewer.userId, row.personId) : false,
    db
      .select({ id: dmReports.id })
      .from(dmReports)
      .where(and(eq(dmReports.conversationId, conversationId), eq(dmReports.reporterId, viewer.userId), isNull(dmReports.resolvedAt))),
  ]);
  const page = messages.slice(0, MESSAGES_PAGE_SIZE).reverse();
  return {
    conversation: { ...toSummary(row, viewer.userId), canReply: cannotReply === null, cannotReply, blockedByMe, reportedByMe: reported.length > 0 },
    messages: page.map((message) => toDirectMessage(message, conversationId, viewer.userId)),
    olderCursor: messages.length > MESSAGES_PAGE_SIZE && page[0] ? page[0].id : null,
  };
}

/** A message as its conversation shows it: no text once hidden by a moderator or its sender's account is gone. */
export function toDirectMessage(message: { id: number; senderId: string | null; body: string | null; hiddenAt: Date | null; createdAt: Date }, conversationId: number, viewerId: string): DirectMessage {
  return {
    id: message.id,
    conversationId,
    fromMe: message.senderId === viewerId,
    body: message.hiddenAt ? null : message.body,
    hidden: message.hiddenAt !== null,
    createdAt: message.createdAt.toISOString(),
  };
}
