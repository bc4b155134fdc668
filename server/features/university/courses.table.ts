import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { LESSON_KINDS } from "../../../common/contracts/courses";
import { users } from "../../auth/auth.table";
import { mediaItems } from "../media/media.table";

/**
 * Modules of a University course, in `position` order. A course itself is catalogue content
 * (common/marketing/courses.ts, shown on the public pages); `course_id` is its slug.
 */
export const courseModules = pgTable(
  "course_modules",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: text("course_id").notNull(),
    title: text("title").notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("course_modules_course_idx").on(table.courseId, table.position)],
);

/**
 * Lessons of a module, in `position` order. A video or file lesson plays or offers a media library
 * item; deleting the item leaves the lesson without it (admins see it missing) rather than deleting it.
 */
export const courseLessons = pgTable(
  "course_lessons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    moduleId: integer("module_id")
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    kind: text("kind", { enum: LESSON_KINDS }).notNull(),
    body: text("body").notNull().default(""),
    minutes: integer("minutes").notNull(),
    mediaItemId: integer("media_item_id").references(() => mediaItems.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("course_lessons_module_idx").on(table.moduleId, table.position), index("course_lessons_media_idx").on(table.mediaItemId)],
);

/** Lessons a member marked done; removing the mark deletes the row. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] }), index("lesson_progress_lesson_idx").on(table.lessonId)],
);
