import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid, boolean } from "drizzle-orm/pg-core";
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryEventType, type WebhookEventType } from "../../../common/contracts/webhooks";
import { users } from "../../auth/auth.table";

/** Addresses an admin registered to receive events; the signing secret is sealed (SecretBox), so it can be shown again. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  events: text("events").array().$type<WebhookEventType[]>().notNull(),
  sealedSecret: text("sealed_secret").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox and the log: one row per event and endpoint, written in the transaction of the change
 * that caused it. The relay hands rows with no `enqueued_at` to pg-boss under the row's own id, so a
 * crash between the two steps neither loses nor doubles a job. Kept 30 days (webhooks-cleanup.job.ts).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The same for every endpoint told of one event, and for a resend: receivers dedupe on it. */
    eventId: uuid("event_id").notNull(),
    eventType: text("event_type").$type<WebhookDeliveryEventType>().notNull(),
    payload: jsonb("payload").notNull(),
    /** The member the payload describes: their deliveries go with their account. */
    subjectUserId: text("subject_user_id").references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    enqueuedAt: timestamp("enqueued_at", { withTimezone: true }),
    resentFrom: uuid("resent_from"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index("webhook_deliveries_unqueued_idx").on(table.createdAt).where(sql`${table.enqueuedAt} is null`),
    index("webhook_deliveries_subject_idx").on(table.subjectUserId),
  ],
);

/** Each try of a delivery with the receiver's answer. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    responseExcerpt: text("response_excerpt").notNull().default(""),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_attempts_delivery_idx").on(table.deliveryId, table.attempt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
