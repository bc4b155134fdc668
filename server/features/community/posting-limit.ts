import type { FastifyReply } from "fastify";
import { CONTENT_MESSAGES } from "../../../common/content";
import { hitRateLimit } from "../../auth/rate-limit";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";

/** Posts and replies together, per member, counted in the database so every instance shares it. */
export const COMMUNITY_WRITES_PER_MINUTE = 10;
const WINDOW_SECONDS = 60;

/** Counts one post or reply; past the limit answers 429 with Retry-After. */
export async function countCommunityWrite(db: Database, userId: string, reply: FastifyReply): Promise<void> {
  const result = await hitRateLimit(db, `community-write:${userId}`, COMMUNITY_WRITES_PER_MINUTE, WINDOW_SECONDS);
  if (result.allowed) return;
  reply.header("retry-after", String(result.retryAfterSeconds));
  throw new AppError("RATE_LIMITED", CONTENT_MESSAGES.postingTooFast);
}
