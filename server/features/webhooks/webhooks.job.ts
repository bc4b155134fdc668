import { eq, inArray, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client";
import type { JobInfo, JobQueue, WorkerDefinition } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import type { SecretBox } from "../../mail/secret-box";
import { DELIVERY_TIMEOUT_MS, postSigned } from "./webhook-delivery";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "./webhooks.table";

export interface WebhookWorkerDeps {
  db: Database;
  jobs: JobQueue;
  box: SecretBox;
  logger: Logger;
  allowPrivate: boolean;
  /** The first retry's wait; each later one doubles (with jitter): README's retry schedule. */
  retryDelaySeconds: number;
}

/** Tries after the first: 9 in all, over roughly 4 to 8 hours at the default 60 s first wait. */
export const WEBHOOK_RETRY_LIMIT = 8;
/** How often each instance hands new delivery rows to pg-boss. */
export const RELAY_INTERVAL_MS = 1000;
const RELAY_BATCH = 100;
/** The log's bounds: deliveries older than this go, and beyond this many per endpoint the oldest go. */
export const LOG_RETENTION_DAYS = 30;
export const LOG_MAX_PER_ENDPOINT = 5000;

/**
 * The outbox relay: delivery rows written in their change's transaction get a pg-boss job each, under
 * the delivery's own id, and are then marked. A crash between the two leaves the row unmarked; the
 * next run sends the same id again, which pg-boss ignores while it keeps the job. Any instance may
 * run it at the same time as another, with the same result.
 */
export async function relayWebhookDeliveries(deps: Pick<WebhookWorkerDeps, "db" | "jobs">): Promise<number> {
  const due = await deps.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(isNull(webhookDeliveries.enqueuedAt)).orderBy(webhookDeliveries.createdAt).limit(RELAY_BATCH);
  if (due.length === 0) return 0;
  for (const { id } of due) await deps.jobs.send(QUEUES.webhookDelivery, { deliveryId: id }, { id });
  await deps.db.update(webhookDeliveries).set({ enqueuedAt: new Date() }).where(inArray(webhookDeliveries.id, due.map((row) => row.id)));
  return due.length;
}

/** One try of one delivery; a failed try throws so pg-boss retries it later, until the last. */
export async function deliverWebhook(deps: WebhookWorkerDeps, job: JobInfo<{ deliveryId: string }>): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, job.data.deliveryId));
  // Deleted with its endpoint or member, or past the log's age, or already settled: nothing to do.
  if (!row || row.delivery.status === "succeeded" || row.delivery.status === "failed" || row.delivery.status === "skipped") return;
  const { delivery, endpoint } = row;
  if (!endpoint.enabled && delivery.eventType !== "webhook.test") {
    await db.update(webhookDeliveries).set({ status: "skipped", finishedAt: new Date() }).where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const attempt = delivery.attempts + 1;
  // Counted before the request: a crash during it still counts the try.
  await db.update(webhookDeliveries).set({ status: "sending", attempts: attempt }).where(eq(webhookDeliveries.id, delivery.id));
  const outcome = await postSigned({
    url: endpoint.url,
    body: JSON.stringify(delivery.payload),
    secret: deps.box.open(endpoint.sealedSecret),
    allowPrivate: deps.allowPrivate,
    headers: { "x-webhook-id": delivery.eventId, "x-webhook-event": delivery.eventType, "x-webhook-delivery": delivery.id, "x-webhook-attempt": String(attempt) },
  });
  const lastTry = outcome.refused || job.retryCount >= job.retryLimit;
  const status = outcome.ok ? "succeeded" : lastTry ? "failed" : "pending";
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({ deliveryId: delivery.id, attempt, statusCode: outcome.statusCode, durationMs: outcome.durationMs, responseExcerpt: outcome.responseExcerpt, error: outcome.error });
    await tx
      .update(webhookDeliveries)
      .set({ status, finishedAt: status === "pending" ? null : new Date() })
      .where(eq(webhookDeliveries.id, delivery.id));
  });
  if (status === "pending") throw new Error(`webhook delivery ${delivery.id} attempt ${attempt}: ${outcome.error ?? "failed"}`);
}

export function webhookDeliveryWorker(deps: WebhookWorkerDeps): WorkerDefinition<{ deliveryId: string }> {
  return {
    queue: QUEUES.webhookDelivery,
    expireInSeconds: Math.ceil(DELIVERY_TIMEOUT_MS / 1000) * 6,
    retryLimit: WEBHOOK_RETRY_LIMIT,
    retryDelaySeconds: deps.retryDelaySeconds,
    retryBackoff: true,
    handler: (job) => deliverWebhook(deps, job),
  };
}

/** Drops what the log may no longer keep: past LOG_RETENTION_DAYS, or beyond LOG_MAX_PER_ENDPOINT per endpoint. */
export async function trimWebhookLog(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LOG_RETENTION_DAYS * 86_400_000);
  const old = await db.delete(webhookDeliveries).where(sql`${webhookDeliveries.createdAt} < ${cutoff.toISOString()}::timestamptz`).returning({ id: webhookDeliveries.id });
  const beyondCap = (await db.execute(sql`
    delete from webhook_deliveries where id in (
      select id from (
        select id, row_number() over (partition by endpoint_id order by created_at desc, id desc) as position from webhook_deliveries
      ) ranked where position > ${LOG_MAX_PER_ENDPOINT}
    ) returning id`)) as unknown as { rows: unknown[] };
  return old.length + beyondCap.rows.length;
}

/** Every hour at twenty past (UTC), one run across all instances. */
export function webhookCleanupWorker(deps: { db: Database; logger: Logger }): WorkerDefinition<Record<string, never>> {
  return {
    queue: QUEUES.webhookCleanup,
    cron: "20 * * * *",
    expireInSeconds: 10 * 60,
    retryLimit: 2,
    retryDelaySeconds: 5 * 60,
    handler: async () => {
      const removed = await trimWebhookLog(deps.db, new Date());
      if (removed > 0) deps.logger.info({ removed }, "old webhook deliveries removed");
    },
  };
}

/** Registers the relay, the delivery worker and the log's cleanup on the app's job queue. */
export function registerWebhookJobs(deps: WebhookWorkerDeps): void {
  deps.jobs.register(webhookDeliveryWorker(deps));
  deps.jobs.register(webhookCleanupWorker(deps));
  deps.jobs.every("webhook-relay", RELAY_INTERVAL_MS, async () => {
    await relayWebhookDeliveries(deps);
  });
}

