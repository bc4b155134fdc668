import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

const tierColumn = (name: string) => text(name, { enum: ["inventor", "entrepreneur", "brand-ceo"] });

/** One payment-provider customer per member. */
export const billingCustomers = pgTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  provider: text("provider", { enum: ["stripe", "local"] }).notNull(),
  customerId: text("customer_id").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The member's current subscription as last read from the provider. Written only by the sync
 * (billing/sync.ts); the `subscription_view` of the spec is built from it.
 */
export const subscriptions = pgTable("subscriptions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  provider: text("provider", { enum: ["stripe", "local"] }).notNull(),
  subscriptionId: text("subscription_id").notNull(),
  status: text("status").notNull(),
  priceId: text("price_id"),
  tier: tierColumn("tier"),
  currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  paymentMethodBrand: text("payment_method_brand"),
  paymentMethodLast4: text("payment_method_last4"),
  /** When the subscription first went past_due; the grace period counts from here. */
  pastDueSince: timestamp("past_due_since", { withTimezone: true }),
  /** A downgrade keeps the higher tier the member already paid for until this moment. */
  paidTierUntil: timestamp("paid_tier_until", { withTimezone: true }),
  paidTierBefore: tierColumn("paid_tier_before"),
  /** A downgrade waiting for the period end (a Stripe subscription schedule's next phase). */
  pendingPriceId: text("pending_price_id"),
  pendingTier: tierColumn("pending_tier"),
  pendingChangeAt: timestamp("pending_change_at", { withTimezone: true }),
  /** The renewal not collected yet (the provider's open latest invoice): what dunning mails and the failed-payments list show. */
  unpaidAmountCents: integer("unpaid_amount_cents"),
  paymentAttempts: integer("payment_attempts"),
  nextPaymentAttemptAt: timestamp("next_payment_attempt_at", { withTimezone: true }),
  syncedAt: timestamp("synced_at", { withTimezone: true }).notNull(),
});

/**
 * Who is syncing a customer now (billing/customer-lock.ts, PostgreSQL): taken with one short statement
 * before the provider is read, checked and deleted by the sync's write. No connection is held while
 * the provider answers; a holder that died lets it lapse at `expires_at` (the database's clock).
 */
export const billingSyncLeases = pgTable("billing_sync_leases", {
  customerId: text("customer_id").primaryKey(),
  /** The holder's random token: a write whose token is gone lost its lease and stores nothing. */
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Provider events already handled: each event id is processed once. */
export const webhookEvents = pgTable("webhook_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    discountPercent: integer("discount_percent").notNull(),
    membershipTier: tierColumn("membership_tier").notNull(),
    usedCount: integer("used_count").notNull().default(0),
    usageLimit: integer("usage_limit").notNull(),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("coupons_valid_until_idx").on(table.validUntil)],
);

export type CouponRow = typeof coupons.$inferSelect;

/** Every checkout we started: what the server priced, and whether its coupon was counted. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["stripe", "local"] }).notNull(),
    plan: tierColumn("plan").notNull(),
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    discountPercent: integer("discount_percent").notNull().default(0),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["open", "complete"] }).notNull().default("open"),
    couponRedeemed: boolean("coupon_redeemed").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** After this the checkout can no longer be paid (the provider's session expiry). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [index("checkout_sessions_user_idx").on(table.userId)],
);

/**
 * One use of a coupon claimed by an open checkout. It counts against the usage limit while
 * `expires_at` is in the future (computed at read time, so a restart or a second instance sees the
 * same holds); completion turns it into a use (`coupons.used_count`) and deletes it.
 */
export const couponHolds = pgTable(
  "coupon_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    checkoutSessionId: text("checkout_session_id").unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("coupon_holds_coupon_idx").on(table.couponId, table.expiresAt)],
);

export const DUNNING_STEPS = ["day-1", "day-3", "day-6", "manual"] as const;

/**
 * Each payment-failed reminder of a grace period (`past_due_since`): claimed here before it is mailed,
 * so each scheduled step goes out once whatever the number of instances. An admin's "send reminder
 * now" is a `manual` step, as often as the throttle allows.
 */
export const dunningReminders = pgTable(
  "dunning_reminders",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pastDueSince: timestamp("past_due_since", { withTimezone: true }).notNull(),
    step: text("step", { enum: DUNNING_STEPS }).notNull(),
    /** The admin who sent a manual reminder. */
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null while claimed but not yet handed to the mailer: a claim left so by a process that died is sent again. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("dunning_reminders_step_idx").on(table.userId, table.pastDueSince, table.step).where(sql`${table.step} <> 'manual'`),
    index("dunning_reminders_user_idx").on(table.userId, table.claimedAt),
  ],
);
