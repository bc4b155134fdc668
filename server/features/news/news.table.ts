import { boolean, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { NewsItem } from "../../../common/contracts/marketing";

/** The last answer per feed URL, shared by every instance so the feed is fetched once per cache period. */
export const newsCache = pgTable("news_cache", {
  feedUrl: text("feed_url").primaryKey(),
  items: jsonb("items").$type<NewsItem[]>().notNull(),
  failed: boolean("failed").notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
});
