import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../../auth/auth.table";
import { MESSAGE_REPORT_DECISIONS } from "../../../common/contracts/messages";

/**
 * A one-to-one conversation (README: Direct messages). `pairKey` is the two account ids in order,
 * so two members have at most one conversation, even when both start it at once.
 */
export const dmConversations = pgTable(
  "dm_conversations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    pairKey: text("pair_key").notNull().unique(),
    /** Who wrote first: counts against their daily limit of new conversations. */
    startedBy: text("started_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("dm_conversations_started_idx").on(table.startedBy, table.createdAt)],
);

/**
 * Each member's side of a conversation: the list of conversations is one indexed read of these rows.
 * `otherUserId` becomes null when the other member deletes their account ("Deleted member").
 */
export const dmParticipants = pgTable(
  "dm_participants",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => dmConversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    otherUserId: text("other_user_id").references(() => users.id, { onDelete: "set null" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    lastReadMessageId: bigint("last_read_message_id", { mode: "number" }).notNull().default(0),
    unreadCount: integer("unread_count").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index("dm_participants_list_idx").on(table.userId, table.lastMessageAt.desc()),
    index("dm_participants_other_idx").on(table.otherUserId),
  ],
);

/** A message: plain text up to 5,000 characters. A deleted member's messages lose their text and sender. */
export const dmMessages = pgTable(
  "dm_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => dmConversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    /** Null once the sender deleted their account. */
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A moderator hid it after a report. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (table) => [index("dm_messages_conversation_idx").on(table.conversationId, table.id), index("dm_messages_sender_idx").on(table.senderId)],
);

/** A member who blocked another: no messages either way; the blocked member is not told. */
export const dmBlocks = pgTable(
  "dm_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] }), index("dm_blocks_blocked_idx").on(table.blockedId)],
);

/**
 * A member's report of a conversation: only a reported conversation is opened to the moderators,
 * and only while it has a report. One open report per member per conversation.
 */
export const dmReports = pgTable(
  "dm_reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => dmConversations.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    /** The member reported (the other side of the conversation). */
    reportedId: text("reported_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** What the moderator decided: dismissed, or the reported member's messages in it hidden. */
    decision: text("decision", { enum: MESSAGE_REPORT_DECISIONS }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("dm_reports_open_idx")
      .on(table.conversationId, table.reporterId)
      .where(sql`${table.resolvedAt} is null`),
    index("dm_reports_queue_idx")
      .on(table.createdAt)
      .where(sql`${table.resolvedAt} is null`),
    index("dm_reports_reporter_idx").on(table.reporterId),
    index("dm_reports_reported_idx").on(table.reportedId),
  ],
);
