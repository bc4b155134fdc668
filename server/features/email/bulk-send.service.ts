import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { BULK_SEND_STATUSES, type BulkSendProgress } from "../../../common/contracts/email";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { JobQueue } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import { chunks } from "../users/chunks";
import { senderTimings, silentFor } from "./bulk-send.job";
import { sanitizeEmailHtml } from "./email-html";
import { bulkSendRecipients, bulkSends, emailUnsubscribes } from "./email.table";

/**
 * Starts a bulk send: the message and one row per selected account that still exists (in the order
 * selected, each account once; unsubscribed members recorded as skipped), then one job. Answers at
 * once; the worker does the sending.
 */
export async function startBulkSend(db: Database, jobs: JobQueue, input: { userIds: string[]; subject: string; body: string }, actorId: string): Promise<BulkSendProgress> {
  const ids = [...new Set(input.userIds)];
  const found = new Map<string, { id: string; email: string; name: string; tier: string; unsubscribed: boolean }>();
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ id: users.id, email: users.email, name: users.name, tier: users.membershipTier, unsubscribed: sql<boolean>`${emailUnsubscribes.userId} is not null` })
      .from(users)
      .leftJoin(emailUnsubscribes, eq(emailUnsubscribes.userId, users.id))
      .where(inArray(users.id, part));
    rows.forEach((row) => found.set(row.id, row));
  }
  const recipients = ids.flatMap((id) => found.get(id) ?? []);
  if (recipients.length === 0) throw new AppError("VALIDATION_FAILED", "No users selected to receive this email", { userIds: "No users selected to receive this email" });

  const sendId = await db.transaction(async (tx) => {
    const [send] = await tx.insert(bulkSends).values({ subject: input.subject, body: sanitizeEmailHtml(input.body), createdBy: actorId }).returning({ id: bulkSends.id });
    if (!send) throw new Error("bulk send insert returned no row");
    const rows = recipients.map((recipient, position) => ({
      sendId: send.id,
      position,
      userId: recipient.id,
      email: recipient.email,
      name: recipient.name,
      tier: recipient.tier,
      status: recipient.unsubscribed ? ("skipped" as const) : ("pending" as const),
    }));
    for (const part of chunks(rows)) await tx.insert(bulkSendRecipients).values(part);
    return send.id;
  });
  await jobs.send(QUEUES.bulkEmail, { sendId });
  return progressOf(db, sendId, NOBODY_HOLDS_IT);
}

/** A new send has no sender yet; a send no longer sending waits for none. */
const NOBODY_HOLDS_IT = sql<boolean>`false`;

/** Where a send stands, counted from its recipients' rows, and whether its sender stopped (EMAIL_SENDER_STALE_SECONDS). */
export function getBulkSendProgress(db: Database, sendId: string, staleSeconds: number): Promise<BulkSendProgress> {
  return progressOf(db, sendId, silentFor(senderTimings(staleSeconds).silentMs));
}

async function progressOf(db: Database, sendId: string, senderSilent: SQL<boolean>): Promise<BulkSendProgress> {
  const [send] = await db
    .select({ id: bulkSends.id, status: bulkSends.status, resumedAt: bulkSends.resumedAt, senderSilent })
    .from(bulkSends)
    .where(eq(bulkSends.id, sendId));
  if (!send) throw new AppError("NOT_FOUND", "Bulk send not found");
  const counts = await db
    .select({ status: bulkSendRecipients.status, count: sql<number>`count(*)::int` })
    .from(bulkSendRecipients)
    .where(eq(bulkSendRecipients.sendId, sendId))
    .groupBy(bulkSendRecipients.status);
  const count = (status: string) => counts.find((row) => row.status === status)?.count ?? 0;
  const status = BULK_SEND_STATUSES.includes(send.status) ? send.status : "sending";
  return {
    id: send.id,
    status,
    total: counts.reduce((sum, row) => sum + row.count, 0),
    sent: count("sent"),
    failed: count("failed"),
    uncertain: count("uncertain"),
    skipped: count("skipped"),
    cancelled: count("cancelled"),
    pending: count("pending") + count("sending"),
    recovery: status === "sending" && send.senderSilent ? "waiting" : send.resumedAt ? "resumed" : null,
  };
}

/** Cancels what has not gone out yet; a message already being delivered finishes. */
export async function cancelBulkSend(db: Database, sendId: string): Promise<BulkSendProgress> {
  await db.transaction(async (tx) => {
    const [send] = await tx
      .update(bulkSends)
      .set({ status: "cancelled", finishedAt: new Date() })
      .where(and(eq(bulkSends.id, sendId), eq(bulkSends.status, "sending")))
      .returning({ id: bulkSends.id });
    if (!send) return;
    await tx
      .update(bulkSendRecipients)
      .set({ status: "cancelled", finishedAt: new Date() })
      .where(and(eq(bulkSendRecipients.sendId, sendId), eq(bulkSendRecipients.status, "pending")));
  });
  return progressOf(db, sendId, NOBODY_HOLDS_IT);
}
