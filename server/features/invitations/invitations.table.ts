import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PAID_TIERS } from "../../../common/tiers";
import { users } from "../../auth/auth.table";

/**
 * Invitations (spec 001 §3). Only a hash of the link's token is stored; `expired` is derived from
 * `expires_at` when read, so nothing has to run for a pending invitation to expire.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    membershipTier: text("membership_tier", { enum: PAID_TIERS }).notNull(),
    status: text("status", { enum: ["pending", "accepted"] }).notNull().default("pending"),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    acceptedUserId: text("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("invitations_token_hash_idx").on(table.tokenHash), index("invitations_email_idx").on(sql`lower(${table.email})`)],
);
