import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/**
 * A member's `Idempotency-Key`s (server/plugins/idempotency.ts): the answer each key got, replayed
 * to a retry with the same key for 24 hours. A key belongs to one account and one route, so one
 * member can never be answered with another's stored body. `status` is null while a request that
 * reserves its key first (checkout: it waits on the payment provider) is still running. The rows go
 * with the account.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    route: text("route").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of what identifies the request (its parameters and body), so a different body under the same key is refused. */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    body: jsonb("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.route, table.key] }), index("idempotency_keys_expires_idx").on(table.expiresAt)],
);
