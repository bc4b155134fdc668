import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { CONTENT_LEVELS, POST_CATEGORIES } from "../../../common/content";
import { users } from "../../auth/auth.table";

/**
 * Community posts. A deleted member's posts stay with `author_id` null ("Deleted member"); admin posts
 * show the author Admin (spec 001 §3). Like and reply counts are kept on the row so a feed page is one query.
 */
export const communityPosts = pgTable(
  "community_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    postedAsAdmin: boolean("posted_as_admin").notNull().default(false),
    content: text("content").notNull(),
    category: text("category", { enum: POST_CATEGORIES }).notNull().default("general"),
    accessLevel: text("access_level", { enum: CONTENT_LEVELS }).notNull().default("all"),
    featured: boolean("featured").notNull().default(false),
    /** Out of members' sight: flags weighing FLAG_THRESHOLD (flag-weight.ts), or an admin's decision. */
    hidden: boolean("hidden").notNull().default(false),
    /** No new replies. */
    locked: boolean("locked").notNull().default(false),
    likeCount: integer("like_count").notNull().default(0),
    /** Replies members can see (hidden replies are not counted). */
    replyCount: integer("reply_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("community_posts_feed_idx").on(sql`${table.featured} desc`, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index("community_posts_category_feed_idx").on(table.category, sql`${table.featured} desc`, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index("community_posts_author_idx").on(table.authorId),
  ],
);

export const communityReplies = pgTable(
  "community_replies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    postId: integer("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    postedAsAdmin: boolean("posted_as_admin").notNull().default(false),
    content: text("content").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    likeCount: integer("like_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("community_replies_post_idx").on(table.postId, table.createdAt), index("community_replies_author_idx").on(table.authorId)],
);

/** One like per member per post; the primary key makes a doubled like impossible. */
export const postLikes = pgTable(
  "community_post_likes",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] }), index("community_post_likes_user_idx").on(table.userId)],
);

export const replyLikes = pgTable(
  "community_reply_likes",
  {
    replyId: integer("reply_id")
      .notNull()
      .references(() => communityReplies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.replyId, table.userId] }), index("community_reply_likes_user_idx").on(table.userId)],
);
