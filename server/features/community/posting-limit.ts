import type { FastifyReply } from "fastify";
import { MODERATION_MESSAGES } from "../../../common/contracts/community";
import { CONTENT_MESSAGES } from "../../../common/content";
import type { Tier } from "../../../common/tiers";
import { hitRateLimit } from "../../auth/rate-limit";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { isContentAdmin } from "../content/access.policy";

/** Posts and replies together, per member, counted in the database so every instance shares it. */
export const COMMUNITY_WRITES_PER_MINUTE = 10;
const MINUTE = 60;
const DAY = 24 * 60 * 60;
const DAY_MS = DAY * 1000;

/**
 * Posts and replies a member may write per 24 hours, by account age and tier: new accounts (where
 * spam comes from) get the fewest, paying and longer-standing members more. Admins have no daily
 * limit. The README's "Community moderation" section shows this table.
 */
export const DAILY_POSTING_LIMITS: ReadonlyArray<{ minAgeDays: number; label: string; limits: Record<Tier, number> }> = [
  { minAgeDays: 30, label: "30 days or more", limits: { free: 100, inventor: 150, entrepreneur: 200, "brand-ceo": 300 } },
  { minAgeDays: 1, label: "1 to 30 days", limits: { free: 50, inventor: 75, entrepreneur: 100, "brand-ceo": 150 } },
  { minAgeDays: 0, label: "under 1 day", limits: { free: 20, inventor: 30, entrepreneur: 40, "brand-ceo": 50 } },
];

export function dailyPostingLimit(tier: Tier, accountCreatedAt: Date, now = new Date()): number {
  const ageDays = (now.getTime() - accountCreatedAt.getTime()) / DAY_MS;
  const band = DAILY_POSTING_LIMITS.find((row) => ageDays >= row.minAgeDays) ?? DAILY_POSTING_LIMITS[DAILY_POSTING_LIMITS.length - 1];
  return band ? band.limits[tier] : 0;
}

export const dailyLimitKey = (userId: string) => `community-day:${userId}`;

/** Counts one post or reply against the minute and the day; past either, 429 with Retry-After. */
export async function countCommunityWrite(db: Database, viewer: Viewer, reply: FastifyReply): Promise<void> {
  const minute = await hitRateLimit(db, `community-write:${viewer.userId}`, COMMUNITY_WRITES_PER_MINUTE, MINUTE);
  if (!minute.allowed) refuse(reply, minute.retryAfterSeconds, CONTENT_MESSAGES.postingTooFast);
  if (isContentAdmin(viewer)) return;
  const limit = dailyPostingLimit(viewer.membershipTier, viewer.createdAt);
  const day = await hitRateLimit(db, dailyLimitKey(viewer.userId), limit, DAY);
  if (!day.allowed) refuse(reply, day.retryAfterSeconds, MODERATION_MESSAGES.dailyLimit(limit));
}

function refuse(reply: FastifyReply, retryAfterSeconds: number, message: string): never {
  reply.header("retry-after", String(retryAfterSeconds));
  throw new AppError("RATE_LIMITED", message);
}
