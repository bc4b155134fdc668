import { bigint, pgTable, text } from "drizzle-orm/pg-core";

/**
 * One counter per area of members content. Triggers in migration 0011 bump an area's counter in the
 * same transaction as any write to its tables, so every instance can tell a cached answer is stale
 * by reading these few rows (server/cache/README.md).
 */
export const contentVersions = pgTable("content_versions", {
  area: text("area").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
