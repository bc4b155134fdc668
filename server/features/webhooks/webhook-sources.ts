import { eq } from "drizzle-orm";
import type { Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import { communityPosts } from "../community/community.table";
import { emitWebhookEvent } from "./webhook-events";

/**
 * The events other features raise, each a small documented payload (README: Webhooks). A member is
 * described by id, email, name and tier: what a CRM needs to find and tag the person.
 */
export interface WebhookMember {
  id: string;
  email: string;
  name: string;
  tier: Tier;
}

async function memberOf(db: Database, userId: string): Promise<WebhookMember | null> {
  const [row] = await db.select({ id: users.id, email: users.email, name: users.name, tier: users.membershipTier }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** An account was created: sign-up, social sign-in, an accepted invitation, an admin's Add User. */
export async function emitMemberJoined(db: Database, userId: string): Promise<void> {
  await emitWebhookEvent(db, "member.joined", async () => {
    const member = await memberOf(db, userId);
    return member ? { member } : null;
  }, userId);
}

/** Called where users.membership_tier is written (billing/sync.ts writeEffectiveTier), before the write: nothing is raised when the tier stays. */
export async function emitTierChange(db: Database, userId: string, nextTier: Tier): Promise<void> {
  const member = await memberOf(db, userId);
  if (!member || member.tier === nextTier) return;
  await emitWebhookEvent(db, "member.tier_changed", { member: { ...member, tier: nextTier }, previous_tier: member.tier }, userId);
}

/** The fields of a subscription row the billing events read. */
export interface SubscriptionState {
  status: string;
  tier: Tier | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

const isCancelled = (row: SubscriptionState | null | undefined) => !row || row.status === "canceled" || row.cancelAtPeriodEnd;

/**
 * Billing's sync diffs the subscription before and after each provider event (billing-notifications.ts):
 * `subscription.cancelled` when a subscription turns to ending (at period end or at once), once;
 * `payment.failed` when a renewal's payment fails (the subscription turns past due).
 */
export async function emitBillingWebhooks(db: Database, userId: string, previous: SubscriptionState | undefined, current: SubscriptionState | null): Promise<void> {
  if (previous && isCancelled(current) && !isCancelled(previous)) {
    const endsAt = current?.cancelAtPeriodEnd && current.currentPeriodEnd ? current.currentPeriodEnd : new Date();
    await emitWebhookEvent(db, "subscription.cancelled", async () => {
      const member = await memberOf(db, userId);
      return member ? { member, tier: previous.tier, ends_at: endsAt.toISOString(), at_period_end: Boolean(current?.cancelAtPeriodEnd) } : null;
    }, userId);
  }
  if (current?.status === "past_due" && previous?.status !== "past_due") {
    await emitWebhookEvent(db, "payment.failed", async () => {
      const member = await memberOf(db, userId);
      return member ? { member, tier: current.tier } : null;
    }, userId);
  }
}

/** Longest excerpt of a post's text an event carries. */
const POST_EXCERPT_CHARS = 280;

/** A community post was written (by a member or as "Admin"), in the transaction that wrote it; the author's deliveries go with their account. */
export async function emitPostCreated(db: Database, postId: number, baseUrl: string): Promise<void> {
  const [row] = await db
    .select({ id: communityPosts.id, content: communityPosts.content, category: communityPosts.category, accessLevel: communityPosts.accessLevel, postedAsAdmin: communityPosts.postedAsAdmin, createdAt: communityPosts.createdAt, authorId: users.id, authorName: users.name })
    .from(communityPosts)
    .leftJoin(users, eq(users.id, communityPosts.authorId))
    .where(eq(communityPosts.id, postId));
  if (!row) return;
  const post = {
    id: row.id,
    url: new URL(`/members/community?post=${row.id}`, baseUrl).toString(),
    category: row.category,
    access_level: row.accessLevel,
    excerpt: row.content.slice(0, POST_EXCERPT_CHARS),
    created_at: row.createdAt.toISOString(),
    author: row.postedAsAdmin || !row.authorId ? { id: null, name: "Admin" } : { id: row.authorId, name: row.authorName },
  };
  await emitWebhookEvent(db, "post.created", { post }, row.authorId);
}
