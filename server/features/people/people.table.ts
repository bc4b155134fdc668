import { sql } from "drizzle-orm";
import { boolean, customType, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { BUILD_STAGES } from "../../../common/contracts/people-stages";
import { users } from "../../auth/auth.table";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A member's profile for the directory (README: Member directory). Every account has one row: the
 * trigger of migration 0031 creates it with the account and copies the account's name, tier, status
 * and join date into it, so the directory is one table with its own indexes. `search` is kept by the
 * same migration's trigger from the name and the member's own words (only the name while an admin
 * hides the text).
 */
export const memberProfiles = pgTable(
  "member_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    headline: text("headline").notNull().default(""),
    bio: text("bio").notNull().default(""),
    /** What they are building, in a sentence. */
    building: text("building").notNull().default(""),
    stage: text("stage", { enum: BUILD_STAGES }),
    expertise: text("expertise").array().notNull().default(sql`'{}'::text[]`),
    city: text("city").notNull().default(""),
    /** ISO 3166-1 alpha-2, upper case, or empty. */
    country: text("country").notNull().default(""),
    website: text("website").notNull().default(""),
    linkedin: text("linkedin").notNull().default(""),
    /** The member hid themselves from the directory; their name still shows on their posts. */
    hidden: boolean("hidden").notNull().default(false),
    /** The member turned direct messages off: nobody can start or continue a conversation with them. */
    acceptsMessages: boolean("accepts_messages").notNull().default(true),
    /** An admin hid the profile's text (headline, bio, building, links) for breaking the community guidelines. */
    textHiddenAt: timestamp("text_hidden_at", { withTimezone: true }),
    textHiddenBy: text("text_hidden_by").references(() => users.id, { onDelete: "set null" }),
    /** Copied from the account by trigger: the name shown (the email when the name is empty), lower-cased for sorting. */
    name: text("name").notNull().default(""),
    sortName: text("sort_name").notNull().default(""),
    tier: text("tier", { enum: ["free", "inventor", "entrepreneur", "brand-ceo"] })
      .notNull()
      .default("free"),
    active: boolean("active").notNull().default(true),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").notNull().default(sql`''::tsvector`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("member_profiles_search_idx").using("gin", table.search).with({ fastupdate: false }),
    index("member_profiles_expertise_idx").using("gin", table.expertise),
    index("member_profiles_listed_joined_idx")
      .on(table.joinedAt.desc(), table.userId)
      .where(sql`${table.active} and not ${table.hidden}`),
    index("member_profiles_listed_name_idx")
      .on(table.sortName, table.userId)
      .where(sql`${table.active} and not ${table.hidden}`),
  ],
);
