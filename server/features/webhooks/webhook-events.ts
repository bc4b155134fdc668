import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { WebhookDeliveryEventType } from "../../../common/contracts/webhooks";
import type { Database } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "./webhooks.table";

/** The JSON body of every delivery (README: Webhooks). */
export interface WebhookEvent<T = unknown> {
  id: string;
  type: WebhookDeliveryEventType;
  created_at: string;
  data: T;
}

/**
 * The one way to raise an event: writes a delivery row for each enabled endpoint subscribed to
 * `type`, in the caller's transaction (pass the transaction), so the event exists exactly when the
 * change does; the relay (webhooks.job.ts) hands the rows to pg-boss after the commit. `data` may be
 * a function, read only when some endpoint listens. `subjectUserId` names the member the payload
 * describes: their deliveries are deleted with their account. Returns the number of rows written.
 */
export async function emitWebhookEvent<T>(db: Database, type: WebhookDeliveryEventType, data: T | (() => Promise<T | null>), subjectUserId: string | null = null): Promise<number> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${type} = any(${webhookEndpoints.events})`));
  if (endpoints.length === 0) return 0;
  const resolved = typeof data === "function" ? await (data as () => Promise<T | null>)() : data;
  if (resolved === null) return 0;
  const event: WebhookEvent<T> = { id: randomUUID(), type, created_at: new Date().toISOString(), data: resolved };
  // Milliseconds, as the log's page cursor carries them.
  const createdAt = new Date(event.created_at);
  await db.insert(webhookDeliveries).values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId: event.id, eventType: type, payload: event, subjectUserId, createdAt })));
  return endpoints.length;
}
