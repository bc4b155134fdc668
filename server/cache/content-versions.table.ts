import { pgTable, text, bigint } from "drizzle-orm/pg-core";

/**
 * An area's version is its counter here plus the number of its rows in `content_changes`: the number
 * of committed writes to the area's tables. Triggers (migrations 0011, 0013, 0017) add a change row
 * in the same transaction as any write, and readers fold the change rows into the counter now and
 * then (server/cache/README.md).
 */
export const contentVersions = pgTable("content_versions", {
  area: text("area").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * One row per write statement not yet folded into `content_versions`. Writers only insert here, so
 * concurrent writes never wait for each other (they used to queue on the area's counter row).
 */
export const contentChanges = pgTable("content_changes", {
  area: text("area").notNull(),
});
