import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../../auth/auth.table";

const tierColumn = (name: string) => text(name, { enum: ["inventor", "entrepreneur", "brand-ceo"] });
const standingColumn = (name: string) => text(name, { enum: ["none", "trialing", "active", "past_due", "paused", "cancelled"] });

/**
 * The subscription history, append-only: one row per change the sync saw (or the history
 * reconstruction inferred), plus comps granted by admins and the cancellation flow's save offers and
 * reasons. Every revenue figure is computed from these rows. Each row carries the standing before and
 * after (state, tier, MRR at the prices of that moment) and its MRR movement, so a figure is a sum over
 * a time range and later price changes never rewrite history. A deleted member's rows stay without
 * their account (`user_id` null, `member_key` opaque) so past figures do not change.
 */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** A random id per member: keeps their rows together once the account is gone. */
    memberKey: uuid("member_key").notNull(),
    kind: text("kind").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    stateBefore: standingColumn("state_before"),
    stateAfter: standingColumn("state_after"),
    tierBefore: tierColumn("tier_before"),
    tierAfter: tierColumn("tier_after"),
    mrrBeforeCents: integer("mrr_before_cents").notNull().default(0),
    mrrAfterCents: integer("mrr_after_cents").notNull().default(0),
    /** new, expansion, contraction, churn, reactivation, paused or resumed; null when MRR did not move. */
    movement: text("movement"),
    /** The month the member first paid: their cohort. */
    cohortMonth: date("cohort_month", { mode: "string" }),
    couponCode: text("coupon_code"),
    /** A cancellation reason's choice, or the save offer made. */
    reason: text("reason"),
    /** What the member wrote with a cancellation reason; erased with the account. */
    detail: text("detail"),
    /** Inferred once from the stored subscriptions when this history began, not seen happening. */
    reconstructed: boolean("reconstructed").notNull().default(false),
  },
  (table) => [
    index("subscription_events_occurred_idx").on(table.occurredAt),
    index("subscription_events_user_idx").on(table.userId),
    index("subscription_events_member_idx").on(table.memberKey, table.id),
  ],
);

/**
 * A closed month's figures, computed once from the events up to its end: past months are read from
 * here, so they never change and need no scan of the history. `figure`/`key` as in figures.sql.ts; a
 * month rolled up holds the row ('closed', '') even when nothing happened in it.
 */
export const revenueMonths = pgTable(
  "revenue_months",
  {
    month: date("month", { mode: "string" }).notNull(),
    figure: text("figure").notNull(),
    key: text("key").notNull(),
    value: bigint("value", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.month, table.figure, table.key] })],
);

/** One row once the existing members' history was reconstructed (backfill.ts); months are rolled up only after. */
export const revenueHistoryState = pgTable("revenue_history_state", {
  id: integer("id").primaryKey().default(1),
  reconstructedAt: timestamp("reconstructed_at", { withTimezone: true }).notNull().default(sql`now()`),
});
