import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, asc, eq, inArray, isNotNull, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import { BULK_MAY_HAVE_BEEN_DELIVERED } from "../../../common/contracts/email";
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
import { getGeneralSettings } from "../settings/settings.service";

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
  /** A sender silent this long died: another instance takes its send over (EMAIL_SENDER_STALE_SECONDS). */
  staleSeconds: number;
}

export interface BulkSendJob {
  sendId: string;
  /** The holder that handed the send to this job (a continuation, or a takeover); none for a new send. */
  from?: string;
}

/**
 * A sender writes its heartbeat every third of the stale bound: two beats missed show the admin that it
 * stopped, the third lets another instance take the send over; every instance looks twice per bound.
 * With the default 30 s, a send resumes at most 45 s after its sender died.
 */
export function senderTimings(staleSeconds: number) {
  const staleMs = staleSeconds * 1000;
  return { heartbeatMs: staleMs / 3, silentMs: (staleMs * 2) / 3, staleMs, sweepMs: staleMs / 2 };
}

/** True when the send's holder wrote no heartbeat for `ms`, by the database's clock (instances' clocks may differ). */
export const silentFor = (ms: number): SQL<boolean> =>
  sql<boolean>`(${bulkSends.senderId} is not null and ${bulkSends.heartbeatAt} < now() - ${Math.round(ms)}::int * interval '1 millisecond')`;

/** Registers the worker and, on every instance, the look for sends whose sender died. */
export function registerBulkSend(jobs: JobQueue, deps: BulkSendWorkerDeps): void {
  jobs.register(bulkSendWorker(deps));
  jobs.every("resume-stalled-bulk-sends", senderTimings(deps.staleSeconds).sweepMs, () => resumeStalledSends(deps));
}

/** A job runs at most this long, then hands the rest of its send to a fresh job (pg-boss expires long runners). */
const SLICE_MS = 60_000;
/** pg-boss hands a job on after this long; a killed sender's send is resumed long before, by its heartbeat. */
const EXPIRE_SECONDS = 300;

/** The pg-boss worker of bulk sends; idempotent, since every row is claimed before it is delivered. */
function bulkSendWorker(deps: BulkSendWorkerDeps): WorkerDefinition<BulkSendJob> {
  return { queue: QUEUES.bulkEmail, expireInSeconds: EXPIRE_SECONDS, retryLimit: 10, retryDelaySeconds: deps.retryDelaySeconds, handler: (job) => runBulkSend(deps, job) };
}

type Send = typeof bulkSends.$inferSelect;
type Recipient = typeof bulkSendRecipients.$inferSelect;

/** Names the run holding a send, for the operator reading the table or the log. */
const newSenderId = () => `${hostname()}/${process.pid}/${randomBytes(4).toString("hex")}`;

async function runBulkSend(deps: BulkSendWorkerDeps, job: JobInfo<BulkSendJob>): Promise<void> {
  const { sendId, from } = job.data;
  const me = newSenderId();
  // A send has one sender at a time: a job delivered twice, or one whose send was taken over, stops here.
  if (!(await takeHold(deps.db, sendId, me, from))) return;
  await settleOrphans(deps.db, sendId);
  const heartbeat = startHeartbeat(deps, sendId, me);
  try {
    await sendBatches(deps, job, me, heartbeat);
  } finally {
    heartbeat.stop();
    // Nobody holds the send now: a queued continuation or pg-boss's retry takes it, and nobody takes
    // it for dead meanwhile. Only a killed run keeps its hold, which then goes stale.
    await release(deps.db, sendId, me);
  }
}

async function sendBatches(deps: BulkSendWorkerDeps, job: JobInfo<BulkSendJob>, me: string, heartbeat: Heartbeat): Promise<void> {
  const { db, jobs } = deps;
  const { sendId } = job.data;
  const startedAt = Date.now();
  for (;;) {
    const [send] = await db.select().from(bulkSends).where(eq(bulkSends.id, sendId));
    if (!send || send.status !== "sending") return;
    // Silent too long (the database was out of reach), this run was taken for dead and replaced.
    if (!(await heartbeat.beat())) return;
    if (jobs.isStopping() || Date.now() - startedAt > SLICE_MS) {
      await jobs.send(QUEUES.bulkEmail, { sendId, from: me });
      return;
    }
    const batch = await claimBatch(db, sendId, deps.batchSize);
    if (batch.length === 0) {
      await finishIfDone(db, sendId);
      return;
    }
    const isLastAttempt = job.retryCount >= job.retryLimit;
    const outcomes = await Promise.all(batch.map((recipient) => deliver(deps, send, recipient, isLastAttempt)));
    // The mail server is down: the batch went back to pending and pg-boss retries the job later, on any instance.
    if (outcomes.includes("unreachable")) throw new Error("mail server unreachable; bulk send will be retried");
    await pause(deps.pauseMs, jobs);
  }
}

/** Holds the send for this run when nobody does (a new or released send) or when `from` handed it over. */
async function takeHold(db: Database, sendId: string, me: string, from: string | undefined): Promise<boolean> {
  const held = await db
    .update(bulkSends)
    .set({ senderId: me, heartbeatAt: sql`now()` })
    .where(and(eq(bulkSends.id, sendId), eq(bulkSends.status, "sending"), or(isNull(bulkSends.senderId), from ? eq(bulkSends.senderId, from) : undefined)))
    .returning({ id: bulkSends.id });
  return held.length > 0;
}

async function release(db: Database, sendId: string, me: string): Promise<void> {
  await db.update(bulkSends).set({ senderId: null }).where(and(eq(bulkSends.id, sendId), eq(bulkSends.senderId, me)));
}

interface Heartbeat {
  /** Writes the heartbeat now; false once another instance took the send over. */
  beat(): Promise<boolean>;
  stop(): void;
}

/** The holder's heartbeat: on every batch, and on a timer while a batch is in hand (a slow mail server). */
function startHeartbeat(deps: BulkSendWorkerDeps, sendId: string, me: string): Heartbeat {
  let held = true;
  let beating: Promise<boolean> | null = null;
  const beat = () =>
    (beating ??= deps.db
      .update(bulkSends)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(bulkSends.id, sendId), eq(bulkSends.senderId, me)))
      .returning({ id: bulkSends.id })
      .then(
        (rows) => (held = rows.length > 0),
        (error: unknown) => {
          deps.logger.warn({ err: error, sendId }, "bulk send heartbeat not written");
          return held;
        },
      )
      .finally(() => (beating = null)));
  const timer = setInterval(() => void beat(), senderTimings(deps.staleSeconds).heartbeatMs);
  return { beat, stop: () => clearInterval(timer) };
}

/**
 * On every instance: a send whose holder has been silent past the stale bound is taken over, and a
 * fresh job resumes it. The conditional update lets one instance alone win; if that instance dies
 * before queuing the job, its own hold goes stale and the next look takes the send again. A send
 * cancelled while its sender was dead is only cleared: its messages in hand are settled.
 */
async function resumeStalledSends(deps: BulkSendWorkerDeps): Promise<void> {
  const { db, jobs, logger } = deps;
  const stale = silentFor(senderTimings(deps.staleSeconds).staleMs);
  const stalled = await db
    .select({ id: bulkSends.id, status: bulkSends.status, senderId: bulkSends.senderId, heartbeatAt: bulkSends.heartbeatAt })
    .from(bulkSends)
    .where(and(inArray(bulkSends.status, ["sending", "cancelled"]), isNotNull(bulkSends.senderId), stale));
  for (const send of stalled) {
    const holder = eq(bulkSends.senderId, send.senderId ?? "");
    if (send.status === "cancelled") {
      // Settled first: dying in between leaves the hold, and the next look settles again.
      await settleOrphans(db, send.id);
      await db.update(bulkSends).set({ senderId: null }).where(and(eq(bulkSends.id, send.id), holder));
      continue;
    }
    const me = newSenderId();
    const [taken] = await db
      .update(bulkSends)
      .set({ senderId: me, heartbeatAt: sql`now()`, resumedAt: sql`now()` })
      .where(and(eq(bulkSends.id, send.id), eq(bulkSends.status, "sending"), holder, stale))
      .returning({ id: bulkSends.id });
    if (!taken) continue;
    await jobs.send(QUEUES.bulkEmail, { sendId: send.id, from: me });
    logger.warn({ sendId: send.id, stoppedSender: send.senderId, lastHeartbeat: send.heartbeatAt }, "bulk send resumed: its sender stopped writing its heartbeat");
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
  const { communityName } = await getGeneralSettings(db);
  const html = `${fillHtml(send.body, person)}<hr><p style="font-size:12px;color:#666">You receive this email as a member of ${escapeHtml(communityName)}. <a href="${escapeHtml(link)}">Unsubscribe</a></p>`;
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

/**
 * Rows still `sending` when a run takes the send belong to a sender that died with them in hand (the
 * live holder settles its batch before it hands over). The mail server may have accepted them: they
 * become `uncertain`, never sent again, and each gets an error-log entry for the admin (once: of two
 * instances settling at once, the update returns the rows to one).
 */
async function settleOrphans(db: Database, sendId: string): Promise<void> {
  const orphans = await db
    .update(bulkSendRecipients)
    .set({ status: "uncertain", error: BULK_MAY_HAVE_BEEN_DELIVERED, finishedAt: new Date() })
    .where(and(eq(bulkSendRecipients.sendId, sendId), eq(bulkSendRecipients.status, "sending")))
    .returning();
  if (orphans.length === 0) return;
  const [send] = await db.select({ subject: bulkSends.subject }).from(bulkSends).where(eq(bulkSends.id, sendId));
  for (const row of orphans) {
    const subject = send ? fillHeader(send.subject, { name: row.name, email: row.email, tier: row.tier }) : null;
    await recordEmailError(db, { type: "UNKNOWN_ERROR", message: BULK_MAY_HAVE_BEEN_DELIVERED, details: "Its sending server stopped while handing it to the mail server", recipient: row.email, subject });
  }
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
