import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../../auth/auth.table";

/** Requests for a call back, left on /ref-number when no booking calendar is configured. */
export const callRequests = pgTable(
  "call_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    preferredTimes: text("preferred_times").notNull(),
    topic: text("topic").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledById: text("handled_by_id").references(() => users.id, { onDelete: "set null" }),
    handledByEmail: text("handled_by_email"),
  },
  (table) => [index("call_requests_created_idx").on(table.createdAt)],
);
