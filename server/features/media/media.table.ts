import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { MEDIA_KINDS } from "../../../common/contracts/media";
import { users } from "../../auth/auth.table";

/**
 * The media library (spec 001 §3): one table for the spec's images, videos and documents, told apart
 * by `kind`. A stored file has a generated `file_key` in the file store; `name` is only for display.
 * A YouTube video has no file, only its id.
 */
export const mediaItems = pgTable(
  "media_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: MEDIA_KINDS }).notNull(),
    name: text("name").notNull(),
    fileKey: text("file_key").unique(),
    fileType: text("file_type").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull().default(0),
    folder: text("folder").notNull().default("general"),
    width: integer("width"),
    height: integer("height"),
    pageCount: integer("page_count"),
    youtubeId: text("youtube_id"),
    /** Served directly to anyone with long cache headers; only images may be public. */
    isPublic: boolean("is_public").notNull().default(false),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("media_items_newest_idx").on(sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index("media_items_folder_idx").on(table.folder),
  ],
);

/** Folders persist on the server (the spec kept them for the session only). */
export const mediaFolders = pgTable(
  "media_folders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("media_folders_name_idx").on(sql`lower(${table.name})`)],
);
