import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../../auth/auth.table";
import { communityPosts, communityReplies } from "./community.table";

/**
 * A member's flag on a post or a reply (exactly one of the two), with their reason. One flag per
 * member per item, ever: an admin's decision resolves the open flags, and the same member cannot
 * raise that item again. The feed shows the viewer's own flag, so a trigger bumps the community version.
 */
export const communityFlags = pgTable(
  "community_flags",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    postId: integer("post_id").references(() => communityPosts.id, { onDelete: "cascade" }),
    replyId: integer("reply_id").references(() => communityReplies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set by the admin's decision (approved or hidden); open flags have none. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("community_flags_post_user_idx").on(table.postId, table.userId),
    uniqueIndex("community_flags_reply_user_idx").on(table.replyId, table.userId),
    index("community_flags_open_idx").on(table.createdAt).where(sql`${table.resolvedAt} is null`),
    check("community_flags_one_item", sql`(${table.postId} is null) <> (${table.replyId} is null)`),
  ],
);

/**
 * How a member's flags fared once an admin decided: upheld (the item was hidden or deleted) or
 * rejected (approved: the flag was wrong). Kept apart from the flags, which a deletion takes with
 * it, so a member who keeps flagging wrongly loses their flag weight for good (flag-weight.ts).
 */
export const communityFlagOutcomes = pgTable("community_flag_outcomes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  upheld: integer("upheld").notNull().default(0),
  rejected: integer("rejected").notNull().default(0),
});

/** A member who may not post, reply or like until `until`; one row per member, the newest decision wins. */
export const communitySuspensions = pgTable("community_suspensions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  until: timestamp("until", { withTimezone: true }).notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who was told about a mention in which post or reply: the job inserts the row before it mails, so a
 * retried job or an edit that keeps the mention never mails the same member twice.
 */
export const mentionNotices = pgTable(
  "community_mention_notices",
  {
    postId: integer("post_id").references(() => communityPosts.id, { onDelete: "cascade" }),
    replyId: integer("reply_id").references(() => communityReplies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("community_mention_notices_post_user_idx").on(table.postId, table.userId),
    uniqueIndex("community_mention_notices_reply_user_idx").on(table.replyId, table.userId),
    index("community_mention_notices_user_idx").on(table.userId),
  ],
);
