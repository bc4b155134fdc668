import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Small pieces of instance-wide state, one row per key, shared by every instance. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
