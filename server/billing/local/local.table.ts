import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The local test-mode provider's own records: what Stripe would hold for us. Only the local provider
 * reads or writes these; the rest of billing sees them through the provider interface.
 */
export const localSubscriptions = pgTable("local_subscriptions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  priceId: text("price_id").notNull(),
  status: text("status").notNull(),
  currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  cardBrand: text("card_brand").notNull(),
  cardLast4: text("card_last4").notNull(),
  /** A plan change that starts with the next period, like a Stripe schedule's next phase. */
  scheduledPriceId: text("scheduled_price_id"),
  /** The checkout that created it: how the local provider answers "was this checkout paid?". */
  checkoutSessionId: text("checkout_session_id").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const localInvoices = pgTable("local_invoices", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  subscriptionId: text("subscription_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  status: text("status", { enum: ["paid", "open"] }).notNull(),
  /** Collection attempts of an open invoice: each `billing:advance fail` on it is one more. */
  attempts: integer("attempts").notNull().default(1),
  periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
  periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
