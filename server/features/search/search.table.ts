import { customType, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { SEARCH_KINDS } from "../../../common/contracts/search";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * One narrow row per searchable post, reply, resource, video and session, so a search reads a word's
 * matches here instead of among the rows that hold the texts. Written only by the triggers of
 * migration 0017_search_entries, in the transaction of the write itself; never by the application.
 */
export const searchEntries = pgTable(
  "search_entries",
  {
    kind: text("kind", { enum: SEARCH_KINDS }).notNull(),
    itemId: integer("item_id").notNull(),
    /** "<kind>:<level>" (a reply has its post's level): narrows to what the viewer's lists hold before the exact check. */
    audience: text("audience").notNull(),
    /** When it was posted, created, released or held: what "newest" means. */
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** Title words weight A, body words B. */
    vector: tsvector("vector").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.itemId] }),
    index("search_entries_vector_idx").using("gin", table.vector).with({ fastupdate: false }),
    index("search_entries_audience_idx").on(table.audience, table.at),
  ],
);
