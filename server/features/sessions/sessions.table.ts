import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { CONTENT_LEVELS } from "../../../common/content";
import { users } from "../../auth/auth.table";

/** Mastermind sessions (spec 001 §3), shared by every member; upcoming or past by `is_past`. */
export const mastermindSessions = pgTable(
  "mastermind_sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    date: date("session_date", { mode: "string" }).notNull(),
    time: text("time").notNull(),
    location: text("location").notNull(),
    description: text("description").notNull(),
    tier: text("tier", { enum: CONTENT_LEVELS }).notNull(),
    facilitator: text("facilitator").notNull().default(""),
    participants: integer("participants").notNull().default(0),
    isPast: boolean("is_past").notNull().default(false),
    recordingUrl: text("recording_url"),
    /** The call's address, for members the session's tier admits only; `location` stays a place description. */
    joinUrl: text("join_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mastermind_sessions_date_idx").on(table.isPast, table.date)],
);

/** Members who said they are coming. */
export const sessionRsvps = pgTable(
  "session_rsvps",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => mastermindSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.userId] }), index("session_rsvps_user_idx").on(table.userId)],
);

/**
 * Reminders sent, one row per session, member and kind: written in the same transaction as the
 * notification, so a reminder goes once across instances and restarts.
 */
export const sessionReminders = pgTable(
  "session_reminders",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => mastermindSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["day", "hour"] }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.userId, table.kind] }), index("session_reminders_user_idx").on(table.userId)],
);
