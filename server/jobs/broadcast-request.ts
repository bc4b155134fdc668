import type { FastifyBaseLogger } from "fastify";
import type { NotificationEvent } from "../../common/contracts/notifications";
import type { PaidTier } from "../../common/tiers";
import type { JobQueue } from "./job-queue";
import { QUEUES } from "./queues";

/**
 * Something every member who may see it is told about (a new session for a tier, a recording): the
 * notifications feature writes it for them in batches (features/notifications/notification-broadcast.job.ts).
 */
export interface BroadcastRequest {
  event: NotificationEvent;
  /** The content's access key (features/notifications/notification-access.ts `accessOf`): it decides who is told. */
  access: string;
  subject: string;
  excerpt: string;
  link: string;
  headline?: string;
}

/** The access key of a course's notifications: the university feature announces lessons without reaching into the notifications feature. */
export const courseAccess = (level: PaidTier) => `course:${level}`;

/** Queues the broadcast; the content is saved either way, so a queue failure is logged, not answered. */
export async function queueBroadcast(jobs: JobQueue, request: BroadcastRequest, log: FastifyBaseLogger): Promise<void> {
  await jobs.send(QUEUES.notificationBroadcast, request).catch((error: unknown) => log.error({ err: error, request }, "could not queue a notification broadcast"));
}
