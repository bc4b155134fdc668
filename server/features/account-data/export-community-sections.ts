import { and, asc, eq, gt } from "drizzle-orm";
import { communityPosts, communityReplies, postLikes, replyLikes } from "../community/community.table";
import { communityFlagOutcomes, communityFlags, communitySuspensions, mentionEmailOptOuts, mentionNotices } from "../community/moderation.table";
import { mastermindSessions, sessionRsvps } from "../sessions/sessions.table";
import { courseLessons, courseModules, lessonProgress } from "../university/courses.table";
import { iso, PAGE_SIZE, pagesOf, type ExportSection } from "./export-context";

/** What the member wrote, liked, flagged and signed up for in the community, the mastermind sessions and the courses. */
export const COMMUNITY_SECTIONS: readonly ExportSection[] = [
  {
    key: "posts",
    covers: ["community_posts.author_id"],
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
    covers: ["community_flags.user_id", "community_flag_outcomes.user_id", "community_suspensions.user_id", "community_mention_opt_outs.user_id", "community_mention_notices.user_id"],
    async read({ db, userId }) {
      const flags = await db.select().from(communityFlags).where(eq(communityFlags.userId, userId)).orderBy(asc(communityFlags.id));
      const [outcomes] = await db.select().from(communityFlagOutcomes).where(eq(communityFlagOutcomes.userId, userId));
      const [suspension] = await db.select().from(communitySuspensions).where(eq(communitySuspensions.userId, userId));
      const [optOut] = await db.select().from(mentionEmailOptOuts).where(eq(mentionEmailOptOuts.userId, userId));
      const notices = await db.select().from(mentionNotices).where(eq(mentionNotices.userId, userId)).orderBy(asc(mentionNotices.createdAt));
      return {
        flagsYouRaised: flags.map((flag) => ({ postId: flag.postId, replyId: flag.replyId, reason: flag.reason, flaggedAt: iso(flag.createdAt), resolvedAt: iso(flag.resolvedAt) })),
        // The record that sets whether your flags count towards hiding an item (README: Community moderation).
        yourFlagsDecided: { upheld: outcomes?.upheld ?? 0, rejected: outcomes?.rejected ?? 0 },
        suspension: suspension ? { until: iso(suspension.until), message: suspension.message, decidedAt: iso(suspension.createdAt) } : null,
        mentionEmails: optOut ? { on: false, offSince: iso(optOut.createdAt) } : { on: true, offSince: null },
        mentionsYouWereEmailedAbout: notices.map((notice) => ({ postId: notice.postId, replyId: notice.replyId, emailedAt: iso(notice.createdAt) })),
      };
    },
  },
  {
    key: "sessionRsvps",
    covers: ["session_rsvps.user_id"],
    async read({ db, userId }) {
      const rows = await db
        .select({ id: mastermindSessions.id, title: mastermindSessions.title, date: mastermindSessions.date, time: mastermindSessions.time, createdAt: sessionRsvps.createdAt })
        .from(sessionRsvps)
        .innerJoin(mastermindSessions, eq(mastermindSessions.id, sessionRsvps.sessionId))
        .where(eq(sessionRsvps.userId, userId))
        .orderBy(asc(mastermindSessions.date));
      return rows.map((row) => ({ sessionId: row.id, title: row.title, date: row.date, time: row.time, rsvpAt: iso(row.createdAt) }));
    },
  },
  {
    key: "courseProgress",
    covers: ["lesson_progress.user_id"],
    async read({ db, userId }) {
      const rows = await db
        .select({ courseId: courseModules.courseId, lesson: courseLessons.title, completedAt: lessonProgress.completedAt })
        .from(lessonProgress)
        .innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
        .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
        .where(eq(lessonProgress.userId, userId))
        .orderBy(asc(lessonProgress.completedAt));
      return rows.map((row) => ({ course: row.courseId, lesson: row.lesson, completedAt: iso(row.completedAt) }));
    },
  },
];
