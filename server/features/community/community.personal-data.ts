import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { iso, PAGE_SIZE, pagesOf, type Erasure, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { communityPosts, communityReplies, postLikes, replyLikes } from "./community.table";
import { communityFlagOutcomes, communityFlags, communitySuspensions, mentionNotices } from "./moderation.table";

const goesWithAccount = (what: string) => ({ action: "delete", how: `${what} go with the account.` }) as const;

/** What the member wrote, liked and flagged, their standing with the moderators and the mentions they were mailed about. */
export const COMMUNITY_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "community",
  columns: {
    "community_posts.author_id": { action: "anonymise", how: "Posts stay under 'Deleted member', or are deleted with their replies, likes and flags when the member deleting their own account chooses so." },
    "community_replies.author_id": { action: "anonymise", how: "Replies stay under 'Deleted member', or are deleted when the member deleting their own account chooses so (reply counts follow)." },
    "community_post_likes.user_id": goesWithAccount("Likes (the posts' like counts drop by them)"),
    "community_reply_likes.user_id": goesWithAccount("Likes (the replies' like counts drop by them)"),
    "community_flags.user_id": goesWithAccount("Flags the member raised"),
    "community_flag_outcomes.user_id": goesWithAccount("The tally of the member's flags upheld and rejected"),
    "community_suspensions.user_id": goesWithAccount("A suspension"),
    "community_mention_notices.user_id": goesWithAccount("The record of mention mails sent"),
  },
  exportSections: [
    {
      key: "posts",
      covers: ["community_posts.author_id"],
      records: ({ db, userId }) => db.$count(communityPosts, eq(communityPosts.authorId, userId)),
      read: ({ db, userId }) =>
        pagesOf(
          (after: { id: number } | null) =>
            db
              .select()
              .from(communityPosts)
              .where(and(eq(communityPosts.authorId, userId), after ? gt(communityPosts.id, after.id) : undefined))
              .orderBy(asc(communityPosts.id))
              .limit(PAGE_SIZE),
          (row) => ({
            id: row.id,
            content: row.content,
            category: row.category,
            visibleTo: row.accessLevel,
            postedAsAdmin: row.postedAsAdmin,
            likes: row.likeCount,
            replies: row.replyCount,
            hidden: row.hidden,
            locked: row.locked,
            createdAt: iso(row.createdAt),
            updatedAt: iso(row.updatedAt),
          }),
        ),
    },
    {
      key: "replies",
      covers: ["community_replies.author_id"],
      records: ({ db, userId }) => db.$count(communityReplies, eq(communityReplies.authorId, userId)),
      read: ({ db, userId }) =>
        pagesOf(
          (after: { id: number } | null) =>
            db
              .select()
              .from(communityReplies)
              .where(and(eq(communityReplies.authorId, userId), after ? gt(communityReplies.id, after.id) : undefined))
              .orderBy(asc(communityReplies.id))
              .limit(PAGE_SIZE),
          (row) => ({ id: row.id, postId: row.postId, content: row.content, likes: row.likeCount, hidden: row.hidden, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) }),
        ),
    },
    {
      key: "postLikes",
      covers: ["community_post_likes.user_id"],
      records: ({ db, userId }) => db.$count(postLikes, eq(postLikes.userId, userId)),
      read: ({ db, userId }) =>
        pagesOf(
          (after: { postId: number } | null) =>
            db
              .select({ postId: postLikes.postId, createdAt: postLikes.createdAt })
              .from(postLikes)
              .where(and(eq(postLikes.userId, userId), after ? gt(postLikes.postId, after.postId) : undefined))
              .orderBy(asc(postLikes.postId))
              .limit(PAGE_SIZE),
          (row) => ({ postId: row.postId, likedAt: iso(row.createdAt) }),
        ),
    },
    {
      key: "replyLikes",
      covers: ["community_reply_likes.user_id"],
      records: ({ db, userId }) => db.$count(replyLikes, eq(replyLikes.userId, userId)),
      read: ({ db, userId }) =>
        pagesOf(
          (after: { replyId: number } | null) =>
            db
              .select({ replyId: replyLikes.replyId, createdAt: replyLikes.createdAt })
              .from(replyLikes)
              .where(and(eq(replyLikes.userId, userId), after ? gt(replyLikes.replyId, after.replyId) : undefined))
              .orderBy(asc(replyLikes.replyId))
              .limit(PAGE_SIZE),
          (row) => ({ replyId: row.replyId, likedAt: iso(row.createdAt) }),
        ),
    },
    {
      key: "moderation",
      covers: ["community_flags.user_id", "community_flag_outcomes.user_id", "community_suspensions.user_id", "community_mention_notices.user_id"],
      async read({ db, userId }) {
        const flags = await db.select().from(communityFlags).where(eq(communityFlags.userId, userId)).orderBy(asc(communityFlags.id));
        const [outcomes] = await db.select().from(communityFlagOutcomes).where(eq(communityFlagOutcomes.userId, userId));
        const [suspension] = await db.select().from(communitySuspensions).where(eq(communitySuspensions.userId, userId));
        const notices = await db.select().from(mentionNotices).where(eq(mentionNotices.userId, userId)).orderBy(asc(mentionNotices.createdAt));
        return {
          flagsYouRaised: flags.map((flag) => ({ postId: flag.postId, replyId: flag.replyId, reason: flag.reason, flaggedAt: iso(flag.createdAt), resolvedAt: iso(flag.resolvedAt) })),
          // The record that sets whether your flags count towards hiding an item (README: Community moderation).
          yourFlagsDecided: { upheld: outcomes?.upheld ?? 0, rejected: outcomes?.rejected ?? 0 },
          suspension: suspension ? { until: iso(suspension.until), message: suspension.message, decidedAt: iso(suspension.createdAt) } : null,
          mentionsYouWereEmailedAbout: notices.map((notice) => ({ postId: notice.postId, replyId: notice.replyId, emailedAt: iso(notice.createdAt) })),
        };
      },
    },
  ],
  async erase({ tx, members }: Erasure) {
    const ids = members.map((member) => member.id);
    await tx.execute(sql`
      update ${communityPosts} set like_count = ${communityPosts.likeCount} - liked.n
      from (select ${postLikes.postId} as post_id, count(*)::int as n from ${postLikes} where ${inArray(postLikes.userId, ids)} group by ${postLikes.postId}) liked
      where ${communityPosts.id} = liked.post_id`);
    await tx.execute(sql`
      update ${communityReplies} set like_count = ${communityReplies.likeCount} - liked.n
      from (select ${replyLikes.replyId} as reply_id, count(*)::int as n from ${replyLikes} where ${inArray(replyLikes.userId, ids)} group by ${replyLikes.replyId}) liked
      where ${communityReplies.id} = liked.reply_id`);
    for (const member of members) if (member.posts === "delete") await deleteAuthoredContent(tx, member.id);
  },
};

/**
 * The member chose to delete what they wrote: their replies (the posts they answered count one reply
 * fewer when it was visible) and their posts, whose replies by others, likes and flags go with them.
 */
async function deleteAuthoredContent(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`
    update ${communityPosts} set reply_count = greatest(${communityPosts.replyCount} - gone.n, 0)
    from (
      select ${communityReplies.postId} as post_id, count(*)::int as n from ${communityReplies}
      where ${communityReplies.authorId} = ${userId} and not ${communityReplies.hidden}
      group by ${communityReplies.postId}
    ) gone
    where ${communityPosts.id} = gone.post_id`);
  await tx.delete(communityReplies).where(eq(communityReplies.authorId, userId));
  await tx.execute(sql`delete from notifications where subject in (select 'post:' || ${communityPosts.id} from ${communityPosts} where ${communityPosts.authorId} = ${userId})`);
  await tx.delete(communityPosts).where(eq(communityPosts.authorId, userId));
}
