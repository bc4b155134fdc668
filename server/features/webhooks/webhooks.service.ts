import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import {
  WEBHOOK_MESSAGES,
  type CreateWebhookEndpointSchema,
  type UpdateWebhookEndpointSchema,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from "../../../common/contracts/webhooks";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { SecretBox } from "../../mail/secret-box";
import type { WebhookEvent } from "./webhook-events";
import { assertDeliverableUrl } from "./webhook-address";
import { newWebhookSecret } from "./webhook-signature";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow, type WebhookEndpointRow } from "./webhooks.table";

export interface WebhookAdminDeps {
  db: Database;
  box: SecretBox;
  allowPrivate: boolean;
  communityName: () => Promise<string>;
}

const notFound = () => new AppError("NOT_FOUND", WEBHOOK_MESSAGES.notFound);

function toEndpoint(row: WebhookEndpointRow, last: { status: WebhookDeliveryStatus; at: Date } | undefined): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last ? { status: last.status, at: last.at.toISOString() } : null,
  };
}

export async function listEndpoints(db: Database): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt));
  if (rows.length === 0) return [];
  const latest = (await db.execute(sql`
    select distinct on (endpoint_id) endpoint_id, status, created_at from webhook_deliveries
    where endpoint_id in (${sql.join(rows.map((row) => sql`${row.id}::uuid`), sql`, `)})
    order by endpoint_id, created_at desc`)) as unknown as { rows: Array<{ endpoint_id: string; status: WebhookDeliveryStatus; created_at: string | Date }> };
  const last = new Map(latest.rows.map((row) => [row.endpoint_id, { status: row.status, at: new Date(row.created_at) }]));
  return rows.map((row) => toEndpoint(row, last.get(row.id)));
}

async function endpointRow(db: Database, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound();
  return row;
}

export async function createEndpoint(deps: WebhookAdminDeps, createdBy: string, input: z.output<typeof CreateWebhookEndpointSchema>): Promise<WebhookEndpointWithSecret> {
  await assertDeliverableUrl(input.url, deps.allowPrivate);
  const secret = newWebhookSecret();
  const [row] = await deps.db
    .insert(webhookEndpoints)
    .values({ url: input.url, description: input.description, events: input.events, sealedSecret: deps.box.seal(secret), createdBy })
    .returning();
  if (!row) throw new AppError("INTERNAL", "The endpoint could not be saved");
  return { ...toEndpoint(row, undefined), secret };
}

export async function updateEndpoint(deps: WebhookAdminDeps, id: string, change: z.output<typeof UpdateWebhookEndpointSchema>): Promise<WebhookEndpoint> {
  if (change.url !== undefined) await assertDeliverableUrl(change.url, deps.allowPrivate);
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw notFound();
  return toEndpoint(row, undefined);
}

/** Its deliveries and their log go with it. */
export async function deleteEndpoint(db: Database, id: string): Promise<void> {
  const deleted = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound();
}

export async function revealSecret(deps: WebhookAdminDeps, id: string): Promise<string> {
  return deps.box.open((await endpointRow(deps.db, id)).sealedSecret);
}

/** A new secret at once: deliveries from now on are signed with it only. */
export async function rotateSecret(deps: WebhookAdminDeps, id: string): Promise<string> {
  const secret = newWebhookSecret();
  const updated = await deps.db.update(webhookEndpoints).set({ sealedSecret: deps.box.seal(secret), updatedAt: new Date() }).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  if (updated.length === 0) throw notFound();
  return secret;
}

/** "Send test event": a `webhook.test` delivery to this endpoint alone, enabled or not, logged like any other. */
export async function sendTestEvent(deps: WebhookAdminDeps, id: string): Promise<WebhookDelivery> {
  const endpoint = await endpointRow(deps.db, id);
  await assertDeliverableUrl(endpoint.url, deps.allowPrivate);
  const event: WebhookEvent = { id: randomUUID(), type: "webhook.test", created_at: new Date().toISOString(), data: { message: `A test event from ${await deps.communityName()}`, endpoint_id: endpoint.id } };
  const [row] = await deps.db.insert(webhookDeliveries).values({ endpointId: endpoint.id, eventId: event.id, eventType: event.type, payload: event, createdAt: new Date() }).returning();
  if (!row) throw new AppError("INTERNAL", "The test event could not be saved");
  return toDelivery(row, []);
}

/** A failed delivery sent again as a new delivery of the same event (same event id, so receivers can tell). */
export async function resendDelivery(db: Database, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const [failed] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!failed) throw new AppError("NOT_FOUND", WEBHOOK_MESSAGES.deliveryNotFound);
  if (failed.status !== "failed" && failed.status !== "skipped") throw new AppError("CONFLICT", WEBHOOK_MESSAGES.notResendable);
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, eventId: failed.eventId, eventType: failed.eventType, payload: failed.payload, subjectUserId: failed.subjectUserId, resentFrom: failed.id, createdAt: new Date() })
    .returning();
  if (!row) throw new AppError("INTERNAL", "The delivery could not be saved");
  return toDelivery(row, []);
}

type AttemptRow = typeof webhookAttempts.$inferSelect;

function toDelivery(row: WebhookDeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
    resentFrom: row.resentFrom,
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.createdAt.toISOString(),
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      responseExcerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
  };
}

/** Newest first, a page at a time (keyset on created_at and id). */
export async function listDeliveries(db: Database, endpointId: string, page: { before?: string | undefined; limit: number }): Promise<WebhookDeliveryPage> {
  await endpointRow(db, endpointId);
  const cursor = page.before ? parseCursor(page.before) : null;
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        cursor ? or(lt(webhookDeliveries.createdAt, cursor.createdAt), and(eq(webhookDeliveries.createdAt, cursor.createdAt), lt(webhookDeliveries.id, cursor.id))) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const attempts = shown.length === 0 ? [] : await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, shown.map((row) => row.id))).orderBy(asc(webhookAttempts.attempt));
  const last = shown.at(-1);
  return {
    deliveries: shown.map((row) => toDelivery(row, attempts.filter((attempt) => attempt.deliveryId === row.id))),
    nextBefore: rows.length > page.limit && last ? `${last.createdAt.toISOString()},${last.id}` : null,
  };
}

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = cursor.split(",");
  return { createdAt: new Date(at ?? ""), id: id ?? "" };
}
