import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Every message the app sends, whatever the transport; admins read it through /api/admin/outbox. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    transport: text("transport", { enum: ["outbox", "smtp", "gmail"] }).notNull(),
    status: text("status", { enum: ["stored", "sent", "failed"] }).notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("outbox_messages_created_at_idx").on(table.createdAt)],
);
