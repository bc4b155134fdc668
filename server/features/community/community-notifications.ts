import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accessOf, OWN_ACCESS } from "../notifications/notification-access";
import { excerptOf, forgetSubject, notifyMembers } from "../notifications/notify";
import { communityPosts, communityReplies } from "./community.table";

/** Where a notification about a post leads: the community page opens that post (web community page, `?post=`). */
export const postLink = (postId: number) => `/members/community?post=${postId}`;
export const postSubject = (postId: number) => `post:${postId}`;

/**
 * A new reply, in its transaction: the post's author is told, and so is everyone who replied to the
 * post before (once each, never the one replying).
 */
export async function notifyReply(tx: Database, reply: { id: number; postId: number; authorId: string; content: string }): Promise<void> {
  const [post] = await tx.select({ authorId: communityPosts.authorId, accessLevel: communityPosts.accessLevel }).from(communityPosts).where(eq(communityPosts.id, reply.postId));
  if (!post) return;
  const about = { access: accessOf.post(post.accessLevel), subject: postSubject(reply.postId), excerpt: excerptOf(reply.content), link: postLink(reply.postId), actorId: reply.authorId };
  if (post.authorId) await notifyMembers(tx, sql`select ${post.authorId}::text`, { ...about, event: "post-reply" });
  await notifyMembers(
    tx,
    sql`select distinct ${communityReplies.authorId} from ${communityReplies}
        where ${communityReplies.postId} = ${reply.postId} and ${communityReplies.authorId} is not null
          and ${communityReplies.authorId} is distinct from ${post.authorId} and ${communityReplies.id} <> ${reply.id} and not ${communityReplies.hidden}`,
    { ...about, event: "thread-reply" },
  );
}

/** A like, in its transaction: the author hears of it, gathered with the other likes they have not read yet. */
export async function notifyLike(tx: Database, like: { kind: "post" | "reply"; id: number; likerId: string; likes: number }): Promise<void> {
  const item =
    like.kind === "post"
      ? await tx.select({ authorId: communityPosts.authorId, postId: communityPosts.id, content: communityPosts.content, accessLevel: communityPosts.accessLevel }).from(communityPosts).where(eq(communityPosts.id, like.id))
      : await tx
          .select({ authorId: communityReplies.authorId, postId: communityReplies.postId, content: communityReplies.content, accessLevel: communityPosts.accessLevel })
          .from(communityReplies)
          .innerJoin(communityPosts, eq(communityPosts.id, communityReplies.postId))
          .where(eq(communityReplies.id, like.id));
  const [liked] = item;
  if (!liked?.authorId) return;
  await notifyMembers(tx, sql`select ${liked.authorId}::text`, {
    event: like.kind === "post" ? "post-like" : "reply-like",
    access: accessOf.post(liked.accessLevel),
    subject: postSubject(liked.postId),
    excerpt: excerptOf(liked.content),
    link: postLink(liked.postId),
    actorId: like.likerId,
    actorCount: like.likes,
    groupKey: `${like.kind}-like:${like.id}`,
  });
}

/** A mention found by the mentions job: the member named is told in the app; the job mails those who chose email. */
export async function notifyMention(db: Database, mention: { userId: string; authorId: string | null; postId: number; content: string; accessLevel: Parameters<typeof accessOf.post>[0]; itemKey: string }): Promise<number> {
  return notifyMembers(db, sql`select ${mention.userId}::text`, {
    event: "mention",
    access: accessOf.post(mention.accessLevel),
    subject: postSubject(mention.postId),
    excerpt: excerptOf(mention.content),
    link: postLink(mention.postId),
    actorId: mention.authorId,
    // An edit that mentions the member again is not a second notification while the first is unread.
    groupKey: `mention:${mention.itemKey}`,
    mailedByCaller: true,
  });
}

/** A deleted post takes the notifications about it along. */
export async function forgetPost(tx: Database, postId: number): Promise<void> {
  await forgetSubject(tx, postSubject(postId));
}


const DECISION_WORDS = {
  approve: { author: "A moderator reviewed your {kind} and kept it up", flagger: "A moderator reviewed a {kind} you flagged and kept it up" },
  hide: { author: "A moderator hid your {kind}", flagger: "A moderator hid a {kind} you flagged. Thank you" },
  delete: { author: "A moderator removed your {kind}", flagger: "A moderator removed a {kind} you flagged. Thank you" },
} as const;

/**
 * A moderator's decision, in its transaction (before the item's flags go with a deletion): its
 * author is told, and so is each member whose open flag it settles.
 */
export async function notifyDecision(tx: Database, decision: keyof typeof DECISION_WORDS, item: { kind: "post" | "reply"; id: number; postId: number; authorId: string | null; content: string }): Promise<void> {
  const [post] = await tx.select({ accessLevel: communityPosts.accessLevel }).from(communityPosts).where(eq(communityPosts.id, item.postId));
  if (!post) return;
  const words = DECISION_WORDS[decision];
  const about = {
    event: "moderation" as const,
    subject: `moderation:${item.kind}:${item.id}`,
    excerpt: excerptOf(item.content),
    // A deleted item has no place to lead to; the others lead to their post.
    link: decision === "delete" ? "/members/community" : postLink(item.postId),
  };
  if (item.authorId) await notifyMembers(tx, sql`select ${item.authorId}::text`, { ...about, access: OWN_ACCESS, headline: words.author.replace("{kind}", item.kind) });
  const flagged = item.kind === "post" ? sql`post_id = ${item.id}` : sql`reply_id = ${item.id}`;
  await notifyMembers(tx, sql`select distinct user_id from community_flags where ${flagged} and resolved_at is null`, {
    ...about,
    access: accessOf.post(post.accessLevel),
    headline: words.flagger.replace("{kind}", item.kind),
  });
}
