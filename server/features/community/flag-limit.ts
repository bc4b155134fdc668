import type { FastifyReply } from "fastify";
import { MODERATION_MESSAGES } from "../../../common/contracts/community";
import { hitRateLimit } from "../../auth/rate-limit";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";

/** Flags per member, counted in the shared rate_limits table so every instance shares them. */
export const FLAGS_PER_MINUTE = 5;
export const FLAGS_PER_DAY = 20;
const MINUTE = 60;
const DAY = 24 * 60 * 60;

export const dailyFlagKey = (userId: string) => `community-flag-day:${userId}`;

/**
 * Counts one flag against the member's minute and day; past either, 429 with Retry-After. A script
 * flagging every post in a second would otherwise fill the queue (and, with enough weight, hide posts)
 * faster than any moderator reads.
 */
export async function countFlag(db: Database, viewer: Viewer, reply: FastifyReply): Promise<void> {
  const minute = await hitRateLimit(db, `community-flag:${viewer.userId}`, FLAGS_PER_MINUTE, MINUTE);
  if (!minute.allowed) refuse(reply, minute.retryAfterSeconds, MODERATION_MESSAGES.flaggingTooFast);
  const day = await hitRateLimit(db, dailyFlagKey(viewer.userId), FLAGS_PER_DAY, DAY);
  if (!day.allowed) refuse(reply, day.retryAfterSeconds, MODERATION_MESSAGES.dailyFlagLimit(FLAGS_PER_DAY));
}

function refuse(reply: FastifyReply, retryAfterSeconds: number, message: string): never {
  reply.header("retry-after", String(retryAfterSeconds));
  throw new AppError("RATE_LIMITED", message);
}
