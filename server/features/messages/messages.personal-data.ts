import { aliasedTable, and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { users } from "../../auth/auth.table";
import { iso, PAGE_SIZE, pagesOf, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { notifications } from "../notifications/notifications.table";
import { DELETED_PERSON } from "./message-people";
import { dmBlocks, dmConversations, dmMessages, dmParticipants, dmReports } from "./messages.table";

const other = aliasedTable(users, "other");
const sender = aliasedTable(users, "sender");

/**
 * The member's conversations with both sides' messages, their blocks and reports. Deleting the
 * account takes the text of their messages (the other member keeps the conversation, with a
 * "Deleted member"), their side of each conversation and their blocks; reports stay, naming no one.
 */
export const MESSAGES_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "messages",
  columns: {
    "dm_conversations.started_by": { action: "anonymise", how: "A conversation the member started stays for the other member, started by no one." },
    "dm_participants.user_id": { action: "delete", how: "The member's side of each conversation (read state, unread count) goes with the account." },
    "dm_participants.other_user_id": { action: "anonymise", how: "The other member's side stays and shows 'Deleted member'." },
    "dm_messages.sender_id": { action: "anonymise", how: "The member's messages lose their text and sender: the other member sees that a deleted member wrote them. A conversation whose both members are gone is deleted." },
    "dm_blocks.blocker_id": { action: "delete", how: "The member's blocks go with the account." },
    "dm_blocks.blocked_id": { action: "delete", how: "Blocks of the member go with the account." },
    "dm_reports.reporter_id": { action: "anonymise", how: "Reports the member made stay for the moderators, reported by no one." },
    "dm_reports.reported_id": { action: "anonymise", how: "Reports about the member stay for the moderators, about no one." },
    "dm_reports.resolved_by": { action: "anonymise", how: "Reports the member decided as a moderator stay, decided by no one." },
  },
  exportSections: [
    {
      key: "conversations",
      covers: ["dm_participants.user_id", "dm_participants.other_user_id", "dm_conversations.started_by"],
      records: ({ db, userId }) => db.$count(dmParticipants, eq(dmParticipants.userId, userId)),
      read: ({ db, userId }) =>
        pagesOf(
          (after: { id: number } | null) =>
            db
              .select({ id: dmParticipants.conversationId, withName: other.name, startedBy: dmConversations.startedBy, startedAt: dmConversations.createdAt, lastMessageAt: dmParticipants.lastMessageAt })
              .from(dmParticipants)
              .innerJoin(dmConversations, eq(dmConversations.id, dmParticipants.conversationId))
              .leftJoin(other, eq(other.id, dmParticipants.otherUserId))
              .where(and(eq(dmParticipants.userId, userId), after ? gt(dmParticipants.conversationId, after.id) : undefined))
              .orderBy(asc(dmParticipants.conversationId))
              .limit(PAGE_SIZE),
          (row) => ({ conversation: row.id, with: row.withName ?? DELETED_PERSON.name, startedByYou: row.startedBy === userId, startedAt: iso(row.startedAt), lastMessageAt: iso(row.lastMessageAt) }),
        ),
    },
    {
      key: "directMessages",
      covers: ["dm_messages.sender_id"],
      records: async ({ db, userId }) => {
        const [row] = await db
          .select({ value: sql<number>`count(*)::int` })
          .from(dmMessages)
          .innerJoin(dmParticipants, and(eq(dmParticipants.conversationId, dmMessages.conversationId), eq(dmParticipants.userId, userId)));
        return row?.value ?? 0;
      },
      // Both sides of the member's conversations, oldest first: what the two wrote to each other.
      read: ({ db, userId }) =>
        pagesOf(
          (after: { id: number } | null) =>
            db
              .select({ id: dmMessages.id, conversation: dmMessages.conversationId, senderId: dmMessages.senderId, senderName: sender.name, body: dmMessages.body, createdAt: dmMessages.createdAt, hiddenAt: dmMessages.hiddenAt })
              .from(dmMessages)
              .innerJoin(dmParticipants, and(eq(dmParticipants.conversationId, dmMessages.conversationId), eq(dmParticipants.userId, userId)))
              .leftJoin(sender, eq(sender.id, dmMessages.senderId))
              .where(after ? gt(dmMessages.id, after.id) : undefined)
              .orderBy(asc(dmMessages.id))
              .limit(PAGE_SIZE),
          (row) => ({
            conversation: row.conversation,
            from: row.senderId === userId ? "you" : (row.senderName ?? DELETED_PERSON.name),
            text: row.body,
            sentAt: iso(row.createdAt),
            hiddenByModerator: row.hiddenAt !== null,
          }),
        ),
    },
    {
      key: "messageBlocks",
      covers: ["dm_blocks.blocker_id"],
      async read({ db, userId }) {
        const rows = await db
          .select({ name: users.name, blockedAt: dmBlocks.createdAt })
          .from(dmBlocks)
          .innerJoin(users, eq(users.id, dmBlocks.blockedId))
          .where(eq(dmBlocks.blockerId, userId))
          .orderBy(asc(dmBlocks.createdAt));
        return rows.map((row) => ({ member: row.name, blockedAt: iso(row.blockedAt) }));
      },
    },
    {
      key: "messageReports",
      covers: ["dm_reports.reporter_id", "dm_reports.resolved_by"],
      async read({ db, userId }) {
        const columns = { conversation: dmReports.conversationId, reason: dmReports.reason, createdAt: dmReports.createdAt, decision: dmReports.decision, resolvedAt: dmReports.resolvedAt };
        const [made, decided] = await Promise.all([
          db.select(columns).from(dmReports).where(eq(dmReports.reporterId, userId)).orderBy(asc(dmReports.id)),
          db.select(columns).from(dmReports).where(eq(dmReports.resolvedBy, userId)).orderBy(asc(dmReports.id)),
        ]);
        const toItem = (row: (typeof made)[number]) => ({ conversation: row.conversation, reason: row.reason, reportedAt: iso(row.createdAt), decision: row.decision, decidedAt: iso(row.resolvedAt) });
        return { reportsYouMade: made.map(toItem), reportsYouDecided: decided.map(toItem) };
      },
    },
  ],
  notExported: {
    "dm_blocks.blocked_id": "Who blocked the member is not theirs to know: a blocked member is never told.",
    "dm_reports.reported_id": "Reports about the member are the reporters' words; the member is never told who reported them.",
  },
  async erase({ tx, members }) {
    const ids = members.map((member) => member.id);
    await tx.update(dmMessages).set({ body: null }).where(inArray(dmMessages.senderId, ids));
    // The others' notifications quoted the member's messages.
    await tx.delete(notifications).where(and(eq(notifications.event, "message"), inArray(notifications.actorId, ids)));
    // Conversations whose both members are leaving hold nothing for anyone.
    await tx.execute(sql`
      delete from ${dmConversations} c
      where c.id in (select conversation_id from ${dmParticipants} where user_id in ${ids})
        and not exists (select 1 from ${dmParticipants} p where p.conversation_id = c.id and p.user_id not in ${ids})`);
  },
};
