import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { NOTIFICATION_DELIVERIES, NOTIFICATION_EVENTS, NOTIFICATION_TOPICS } from "../../../common/contracts/notifications";
import { users } from "../../auth/auth.table";

/**
 * Orders every change to the notifications: a new one, and a grouped one that gathered another actor.
 * Live streams and `Last-Event-ID` replay follow it, so an updated row is delivered again.
 */
export const notificationSequence = pgSequence("notification_seq");

/** One thing that happened, for one member (README: Notifications). */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    seq: bigint("seq", { mode: "number" })
      .notNull()
      .default(sql`nextval('notification_seq')`),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    event: text("event", { enum: NOTIFICATION_EVENTS }).notNull(),
    topic: text("topic", { enum: NOTIFICATION_TOPICS }).notNull(),
    /**
     * Who may see it, re-checked at every read and send: `own` (about the member's own account or
     * posts' standing), or a ladder and level such as `session:inventor`, `resource:free`, `post:all`.
     */
    access: text("access").notNull(),
    /** What it is about, e.g. `post:12`: content that is deleted or moved to another tier takes its notifications along. */
    subject: text("subject").notNull(),
    /** The sentence shown when it cannot be built from the event and its actor (a moderator's decision, a billing event). */
    headline: text("headline"),
    excerpt: text("excerpt").notNull(),
    link: text("link").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** How many people did it, for "Ada and 4 others liked your post". */
    actorCount: integer("actor_count").notNull().default(1),
    /** Unread notifications with the same key are one: a like gathers into the unread one about the same post. */
    groupKey: text("group_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When the member chose email at once: `due`, `sending` while one instance mails it (since `mailClaimedAt`), then `sent`. */
    mailState: text("mail_state", { enum: ["due", "sending", "sent"] }),
    mailClaimedAt: timestamp("mail_claimed_at", { withTimezone: true }),
    /** When the member turned push on for its kind: `due`, `sending` while one instance pushes it (since `pushClaimedAt`), then `sent`. */
    pushState: text("push_state", { enum: ["due", "sending", "sent"] }),
    pushClaimedAt: timestamp("push_claimed_at", { withTimezone: true }),
    /** Set once a digest carried it, so the next digest does not. */
    digestedAt: timestamp("digested_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("notifications_user_seq_idx").on(table.userId, table.seq),
    index("notifications_unread_idx")
      .on(table.userId, table.access)
      .where(sql`${table.readAt} is null`),
    uniqueIndex("notifications_group_idx")
      .on(table.userId, table.groupKey)
      .where(sql`${table.readAt} is null and ${table.groupKey} is not null`),
    index("notifications_subject_idx").on(table.subject),
    index("notifications_mail_due_idx")
      .on(table.createdAt)
      .where(sql`${table.mailState} in ('due', 'sending')`),
    index("notifications_push_due_idx")
      .on(table.createdAt)
      .where(sql`${table.pushState} in ('due', 'sending')`),
  ],
);

/** A member's choice per topic; a topic without a row has its default (DEFAULT_DELIVERY). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text("topic", { enum: NOTIFICATION_TOPICS }).notNull(),
    delivery: text("delivery", { enum: NOTIFICATION_DELIVERIES }).notNull(),
    /** Also pushed to the member's devices that turned push on (Account). */
    push: boolean("push").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.topic] })],
);

/**
 * One digest per member and period: the row is written before the mail, so two instances (or a
 * retried job) never send the same digest twice; `sentAt` stays null while it is being sent, and a
 * digest with nothing in it is recorded as `empty`.
 */
export const notificationDigests = pgTable(
  "notification_digests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    period: text("period", { enum: ["daily", "weekly"] }).notNull(),
    /** The day (UTC) the period ended on, YYYY-MM-DD. */
    periodEnd: text("period_end").notNull(),
    status: text("status", { enum: ["sending", "sent", "empty"] }).notNull().default("sending"),
    items: integer("items").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.period, table.periodEnd] })],
);

/** A browser or installed app that accepted push for the member (Account → Notifications). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The push service's address for this device; dropped when the service answers 404 or 410. */
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("push_subscriptions_user_idx").on(table.userId)],
);
