import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { CONTENT_LEVELS, VIDEO_CATEGORIES } from "../../../common/content";
import { users } from "../../auth/auth.table";

/**
 * Training videos: the spec's media_videos columns (001 §3) plus description, category, featured and
 * release date. `file_name` is the title. A file video lives in the file store (`file_key`) or at an
 * admin-entered address (`url`); members reach either only through a signed stream link.
 */
export const mediaVideos = pgTable(
  "media_videos",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    fileName: text("file_name").notNull(),
    description: text("description").notNull().default(""),
    fileSize: bigint("file_size", { mode: "number" }).notNull().default(0),
    fileType: text("file_type").notNull(),
    bucket: text("bucket").notNull().default("videos"),
    folder: text("folder").notNull().default("general"),
    url: text("url"),
    fileKey: text("file_key"),
    thumbnailUrl: text("thumbnail_url"),
    isYoutube: boolean("is_youtube").notNull().default(false),
    youtubeId: text("youtube_id"),
    duration: text("duration"),
    accessLevel: text("access_level", { enum: CONTENT_LEVELS }).notNull().default("all"),
    category: text("category", { enum: VIDEO_CATEGORIES }).notNull().default("general"),
    featured: boolean("featured").notNull().default(false),
    releaseDate: date("release_date", { mode: "string" }).notNull().defaultNow(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("media_videos_order_idx").on(sql`${table.featured} desc`, sql`${table.releaseDate} desc`, sql`${table.id} desc`)],
);
