import { and, asc, eq, inArray, lt, notExists } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client";
import type { JobInfo, JobQueue, WorkerDefinition } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import type { Mailer } from "../../mail/mailer";
import { htmlToText } from "./email-html";
import { recordEmailError } from "./error-log";
import { bulkSendRecipients, bulkSends } from "./email.table";
import { fillHeader, fillHtml } from "./placeholders";
import { unsubscribeUrl } from "./unsubscribe-link";
import { escapeHtml } from "../../mail/templates";

export interface BulkSendWorkerDeps {
  db: Database;
  mailer: Mailer;
  jobs: JobQueue;
  logger: Logger;
  /** Recipients per batch and the pause between batches (spec: 5 and 1 s). */
  batchSize: number;
  pauseMs: number;
  /** Wait before a job whose mail server was unreachable runs again. */
  retryDelaySeconds: number;
  /** For the unsubscribe links. */
  baseUrl: string;
  secret: string;
}

export interface BulkSendJob {
  sendId: string;
}

/** A job runs at most this long, then hands the rest of its send to a fresh job (pg-boss expires long runners). */
const SLICE_MS = 60_000;
const EXPIRE_SECONDS = 300;
/** A row claimed this long ago belongs to a worker that died mid-delivery. */
const STALE_CLAIM_MS = EXPIRE_SECONDS * 1000;
const INTERRUPTED = "Delivery was interrupted (the server stopped while sending); not retried, so that nobody receives it twice";

/** The pg-boss worker of bulk sends; idempotent, since every row is claimed before it is delivered. */
export function bulkSendWorker(deps: BulkSendWorkerDeps): WorkerDefinition<BulkSendJob> {
  return { queue: QUEUES.bulkEmail, expireInSeconds: EXPIRE_SECONDS, retryLimit: 10, retryDelaySeconds: deps.retryDelaySeconds, handler: (job) => runBulkSend(deps, job) };
}

type Send = typeof bulkSends.$inferSelect;
type Recipient = typeof bulkSendRecipients.$inferSelect;

async function runBulkSend(deps: BulkSendWorkerDeps, job: JobInfo<BulkSendJob>): Promise<void> {
  const { db, jobs } = deps;
  const { sendId } = job.data;
  const startedAt = Date.now();
  await failStaleClaims(deps, sendId);
  for (;;) {
    const [send] = await db.select().from(bulkSends).where(eq(bulkSends.id, sendId));
    if (!send || send.status !== "sending") return;
    if (jobs.isStopping() || Date.now() - startedAt > SLICE_MS) {
      await jobs.send(QUEUES.bulkEmail, { sendId });
      return;
    }
    const batch = await claimBatch(db, sendId, deps.batchSize);
    if (batch.length === 0) {
      await finishIfDone(db, sendId);
      return;
    }
    const isLastAttempt = job.retryCount >= job.retryLimit;
    const outcomes = await Promise.all(batch.map((recipient) => deliver(deps, send, recipient, isLastAttempt)));
    // The mail server is down: the batch went back to pending and pg-boss retries the job later.
    if (outcomes.includes("unreachable")) throw new Error("mail server unreachable; bulk send will be retried");
    await pause(deps.pauseMs, jobs);
  }
}

/** Claims the next pending rows for this worker alone: rows another worker holds are skipped, never shared. */
async function claimBatch(db: Database, sendId: string, size: number): Promise<Recipient[]> {
  // Two statements in one transaction: as a subquery of the UPDATE, the locking SELECT may run once
  // per row and claim every pending row instead of `size`.
  const claimed = await db.transaction(async (tx) => {
    const next = await tx
      .select({ position: bulkSendRecipients.position })
      .from(bulkSendRecipients)
      .where(and(eq(bulkSendRecipients.sendId, sendId), eq(bulkSendRecipients.status, "pending")))
      .orderBy(asc(bulkSendRecipients.position))
      .limit(size)
      .for("update", { skipLocked: true });
    if (next.length === 0) return [];
    return tx
      .update(bulkSendRecipients)
      .set({ status: "sending", claimedAt: new Date() })
      .where(and(eq(bulkSendRecipients.sendId, sendId), inArray(bulkSendRecipients.position, next.map((row) => row.position))))
      .returning();
  });
  return claimed.sort((a, b) => a.position - b.position);
}

async function deliver(deps: BulkSendWorkerDeps, send: Send, recipient: Recipient, isLastAttempt: boolean): Promise<"done" | "unreachable"> {
  const { db, mailer } = deps;
  const settle = (change: Partial<Recipient>) =>
    db
      .update(bulkSendRecipients)
      .set(change)
      .where(and(eq(bulkSendRecipients.sendId, send.id), eq(bulkSendRecipients.position, recipient.position)));
  const person = { name: recipient.name, email: recipient.email, tier: recipient.tier };
  const link = unsubscribeUrl(deps.baseUrl, deps.secret, recipient.userId);
  const html = `${fillHtml(send.body, person)}<hr><p style="font-size:12px;color:#666">You receive this email as a member of Inventors Community. <a href="${escapeHtml(link)}">Unsubscribe</a></p>`;
  const subject = fillHeader(send.subject, person);
  const result = await mailer.send({
    to: recipient.email,
    subject,
    html,
    text: htmlToText(html).replace(/Unsubscribe$/, `Unsubscribe: ${link}`),
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
  if (!result.failure) {
    await settle({ status: "sent", error: null, finishedAt: new Date() });
    return "done";
  }
  const { type, message, details } = result.failure;
  if (type === "NETWORK_ERROR" && !isLastAttempt) {
    await settle({ status: "pending", claimedAt: null });
    deps.logger.warn({ sendId: send.id, to: recipient.email }, "mail server unreachable during a bulk send; the recipient goes back to the queue");
    return "unreachable";
  }
  await settle({ status: "failed", error: message, finishedAt: new Date() });
  await recordEmailError(db, { type, message, details: details ?? `${result.transport} delivery failed`, recipient: recipient.email, subject });
  return "done";
}

async function failStaleClaims(deps: BulkSendWorkerDeps, sendId: string): Promise<void> {
  const stale = await deps.db
    .update(bulkSendRecipients)
    .set({ status: "failed", error: INTERRUPTED, finishedAt: new Date() })
    .where(and(eq(bulkSendRecipients.sendId, sendId), eq(bulkSendRecipients.status, "sending"), lt(bulkSendRecipients.claimedAt, new Date(Date.now() - STALE_CLAIM_MS))))
    .returning();
  for (const row of stale) await recordEmailError(deps.db, { type: "UNKNOWN_ERROR", message: INTERRUPTED, recipient: row.email, subject: null });
}

async function finishIfDone(db: Database, sendId: string): Promise<void> {
  const open = db
    .select({ position: bulkSendRecipients.position })
    .from(bulkSendRecipients)
    .where(and(eq(bulkSendRecipients.sendId, sendId), inArray(bulkSendRecipients.status, ["pending", "sending"])));
  await db
    .update(bulkSends)
    .set({ status: "done", finishedAt: new Date() })
    .where(and(eq(bulkSends.id, sendId), eq(bulkSends.status, "sending"), notExists(open)));
}

/** The pause between batches, cut short by shutdown. */
async function pause(ms: number, jobs: JobQueue): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until && !jobs.isStopping()) await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - Date.now())));
}
