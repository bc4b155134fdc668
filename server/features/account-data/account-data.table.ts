import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../../auth/auth.table";

/**
 * Exports prepared in the background (accounts too large to download at once): the zip lives in the
 * file store under `file_key` until `expires_at`; the row and the file go with the account.
 */
export const accountExports = pgTable(
  "account_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["preparing", "ready", "failed"] }).notNull().default("preparing"),
    fileKey: text("file_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [index("account_exports_user_idx").on(table.userId), index("account_exports_expires_idx").on(table.expiresAt)],
);
