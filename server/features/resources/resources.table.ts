import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { RESOURCE_CATEGORIES, RESOURCE_TIERS } from "../../../common/content";

/**
 * The resource library (spec 000 §3). The file is either held by the server (`file_key`, in the file
 * store) or an address an admin entered (`file_url`); members only ever get a signed link through the server.
 */
export const resources = pgTable(
  "resources",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    type: text("type").notNull(),
    category: text("category", { enum: RESOURCE_CATEGORIES }).notNull(),
    tier: text("tier", { enum: RESOURCE_TIERS }).notNull(),
    featured: boolean("featured").notNull().default(false),
    fileKey: text("file_key"),
    fileName: text("file_name"),
    fileType: text("file_type"),
    fileUrl: text("file_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("resources_order_idx").on(sql`${table.featured} desc`, sql`(${table.tier} = 'free') desc`, table.title, table.id),
    index("resources_category_idx").on(table.category),
  ],
);
