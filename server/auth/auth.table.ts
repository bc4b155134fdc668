import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Accounts with the spec's profile fields (spec 000 §3); better-auth's `name`/`image` map to full_name/avatar_url. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    name: text("full_name").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("avatar_url"),
    role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
    membershipTier: text("membership_tier", { enum: ["free", "inventor", "entrepreneur", "brand-ceo"] })
      .notNull()
      .default("free"),
    /** A tier an admin granted by hand, kept apart from paid state; the effective tier is the higher of the two. */
    tierOverride: text("tier_override", { enum: ["inventor", "entrepreneur", "brand-ceo"] }),
    /** A complimentary grant (an import's) ends here without any event: `applyLapsedTiers` removes it; null lasts. */
    tierOverrideUntil: timestamp("tier_override_until", { withTimezone: true }),
    /** What admins noted about the member (an import's notes column); members never see it. */
    adminNote: text("admin_note").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * Signed up while approval was required and not yet activated or deactivated by an admin: only such an
     * account is told it awaits activation; any other inactive account was deactivated.
     */
    awaitingApproval: boolean("awaiting_approval").notNull().default(false),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("users_created_at_idx").on(table.createdAt),
    index("users_lower_email_idx").on(sql`lower(${table.email})`),
    index("users_tier_override_until_idx").on(table.tierOverrideUntil).where(sql`${table.tierOverrideUntil} is not null`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** better-auth's two-factor plugin: the TOTP secret and recovery codes (both encrypted by better-auth). */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [index("two_factors_user_id_idx").on(table.userId), index("two_factors_secret_idx").on(table.secret)],
);
