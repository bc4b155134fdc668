import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../../auth/auth.table";

/** Every admin change to an account: who, what, before, after, when. Kept when either account is deleted. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    targetId: text("target_id"),
    targetEmail: text("target_email").notNull(),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("admin_audit_log_created_idx").on(table.createdAt), index("admin_audit_log_target_idx").on(table.targetId)],
);
