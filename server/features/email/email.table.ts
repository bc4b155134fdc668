import { index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../../auth/auth.table";

/** Admin-written templates for single and bulk mail; the body is sanitized HTML with {{name}}, {{email}}, {{tier}}. */
export const emailTemplates = pgTable("email_templates", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What went wrong while mailing, newest kept (the list is pruned to the spec's 100 entries). */
export const emailErrorLog = pgTable(
  "email_error_log",
  {
    id: serial("id").primaryKey(),
    type: text("type", { enum: ["AUTH_ERROR", "SEND_ERROR", "CONFIG_ERROR", "NETWORK_ERROR", "UNKNOWN_ERROR"] }).notNull(),
    message: text("message").notNull(),
    details: text("details"),
    recipient: text("recipient"),
    subject: text("subject"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_error_log_created_at_idx").on(table.createdAt)],
);

/** One bulk send: the message as written, and where it stands; its recipients are rows of bulk_send_recipients. */
export const bulkSends = pgTable("bulk_sends", {
  id: uuid("id").primaryKey().defaultRandom(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  status: text("status", { enum: ["sending", "done", "cancelled"] }).notNull().default("sending"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  // Who holds the send (bulk-send.job.ts): null while a queued job may take it, else the holding run's
  // token (host/pid/random), which writes heartbeat_at while it works. A stale heartbeat means it died.
  senderId: text("sender_id"),
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
  /** When another instance last took the send over from a sender that stopped. */
  resumedAt: timestamp("resumed_at", { withTimezone: true }),
});

/**
 * One row per recipient: a worker claims a row (pending → sending) before delivering it and records
 * the outcome, so a restarted or second worker never delivers a row twice. A row in hand when its
 * sender died becomes `uncertain`: it may have been delivered, and is not sent again.
 */
export const bulkSendRecipients = pgTable(
  "bulk_send_recipients",
  {
    sendId: uuid("send_id")
      .notNull()
      .references(() => bulkSends.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    // Deleting an account deletes its rows: no address of a deleted member stays behind.
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    tier: text("tier").notNull(),
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "uncertain", "skipped", "cancelled"] }).notNull().default("pending"),
    error: text("error"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.sendId, table.position] }), index("bulk_send_recipients_status_idx").on(table.sendId, table.status)],
);

/** Members who asked for no more bulk mail; removing the row (from the profile) opts back in. */
export const emailUnsubscribes = pgTable("email_unsubscribes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
