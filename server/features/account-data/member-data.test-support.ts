import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { twoFactors, users } from "../../auth/auth.table";
import { coupons, couponHolds, dunningReminders } from "../../billing/billing.table";
import type { TestApp } from "../../test/build-test-app";
import { callRequests } from "../call-requests/call-requests.table";
import { communityPosts, communityReplies, postLikes, replyLikes } from "../community/community.table";
import { communityFlagOutcomes, communityFlags, communitySuspensions, mentionNotices } from "../community/moderation.table";
import { bulkSendRecipients, bulkSends, emailUnsubscribes } from "../email/email.table";
import { invitations } from "../invitations/invitations.table";
import { memberImportRows, memberImports } from "../member-transfer/member-imports.table";
import { mediaItems } from "../media/media.table";
import { dmBlocks, dmConversations, dmMessages, dmParticipants, dmReports } from "../messages/messages.table";
import { memberProfiles } from "../people/people.table";
import { notificationDigests, notificationPreferences, notifications, pushSubscriptions } from "../notifications/notifications.table";
import { mastermindSessions, sessionReminders, sessionRsvps } from "../sessions/sessions.table";
import { courseLessons, courseModules, lessonProgress } from "../university/courses.table";
import { adminAuditLog } from "../users/audit-log.table";
import { mediaVideos } from "../videos/videos.table";
import { accountExports } from "./account-data.table";
import { subscribeLocally } from "./account-data.test-support";

export interface Member {
  cookie: string;
  userId: string;
  email: string;
}

export interface SeededData {
  postId: number;
  replyId: number;
  othersPostId: number;
  othersReplyId: number;
  fileKey: string;
  fileBytes: Buffer;
  mediaItemId: number;
}

/**
 * Gives `member` (an admin, so that the admin-only tables apply) at least one row in every table that
 * references users, with texts a test can find in the export. `other` owns what the member liked,
 * replied to and flagged.
 */
export async function seedEveryTable(t: TestApp, member: Member, other: Member): Promise<SeededData> {
  const { db } = t.database;
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, member.userId));
  await db.insert(twoFactors).values({ id: randomUUID(), secret: "sealed-secret", backupCodes: "sealed-codes", userId: member.userId });
  await subscribeLocally(t, member.cookie, member.userId, "inventor");
  const [coupon] = await db.insert(coupons).values({ code: `HOLD${Date.now()}`, discountPercent: 10, membershipTier: "inventor", usageLimit: 5, validUntil: new Date(Date.now() + 86_400_000) }).returning();
  if (!coupon) throw new Error("no coupon");
  await db.insert(couponHolds).values({ couponId: coupon.id, userId: member.userId, expiresAt: new Date(Date.now() + 3_600_000) });
  const pastDueSince = new Date(Date.now() - 86_400_000);
  await db.insert(dunningReminders).values({ userId: member.userId, pastDueSince, step: "day-1", sentAt: pastDueSince });
  await db.insert(dunningReminders).values({ userId: other.userId, pastDueSince, step: "manual", sentBy: member.userId, sentAt: pastDueSince });

  const [post] = await db.insert(communityPosts).values({ authorId: member.userId, content: "My export-worthy invention diary" }).returning();
  const [othersPost] = await db.insert(communityPosts).values({ authorId: other.userId, content: "Someone else's post", likeCount: 1, replyCount: 1 }).returning();
  if (!post || !othersPost) throw new Error("no posts");
  const [reply] = await db.insert(communityReplies).values({ postId: othersPost.id, authorId: member.userId, content: "A reply worth keeping" }).returning();
  const [othersReply] = await db.insert(communityReplies).values({ postId: post.id, authorId: other.userId, content: "Others answer", likeCount: 1 }).returning();
  if (!reply || !othersReply) throw new Error("no replies");
  await db.update(communityPosts).set({ replyCount: 1 }).where(eq(communityPosts.id, post.id));
  await db.insert(postLikes).values({ postId: othersPost.id, userId: member.userId });
  await db.insert(replyLikes).values({ replyId: othersReply.id, userId: member.userId });
  await db.insert(communityFlags).values({ postId: othersPost.id, userId: member.userId, reason: "Flagged as spam by the member" });
  await db.insert(communityFlagOutcomes).values({ userId: member.userId, upheld: 2, rejected: 1 });
  await db.insert(communitySuspensions).values({ userId: member.userId, until: new Date(Date.now() + 86_400_000), message: "Cool down for a day" });
  await db.insert(notificationPreferences).values({ userId: member.userId, topic: "mentions", delivery: "app" });
  await db.insert(pushSubscriptions).values({ userId: member.userId, endpoint: "https://push.example.com/device-1", p256dh: "key", auth: "secret" });
  await db.insert(notificationDigests).values({ userId: member.userId, period: "weekly", periodEnd: "2026-11-23", status: "sent", items: 3 });
  await db.insert(notifications).values({ userId: member.userId, event: "post-reply", topic: "replies", access: "post:all", subject: `post:${post.id}`, excerpt: "Others answer", link: `/members/community?post=${post.id}`, actorId: other.userId });
  await db.insert(mentionNotices).values({ postId: othersPost.id, userId: member.userId });
  const [session] = await db.insert(mastermindSessions).values({ title: "Pitch night", date: "2099-01-01", time: "7 PM", location: "Online", description: "Pitches", tier: "all" }).returning();
  if (!session) throw new Error("no session");
  await db.insert(sessionRsvps).values({ sessionId: session.id, userId: member.userId });
  await db.insert(sessionReminders).values({ sessionId: session.id, userId: member.userId, kind: "day" });
  const [module] = await db.insert(courseModules).values({ courseId: "patent-basics", title: "Getting started", position: 1 }).returning();
  if (!module) throw new Error("no module");
  const [lesson] = await db.insert(courseLessons).values({ moduleId: module.id, title: "What a patent protects", kind: "text", minutes: 5, position: 1 }).returning();
  if (!lesson) throw new Error("no lesson");
  await db.insert(lessonProgress).values({ userId: member.userId, lessonId: lesson.id });

  const fileBytes = Buffer.from("%PDF-1.4 the member's uploaded brochure");
  const fileKey = `media/${Date.now().toString().padStart(13, "0")}-${randomUUID().replace(/-/g, "").slice(0, 16)}.pdf`;
  await t.files.write(fileKey, (await import("node:stream")).Readable.from([fileBytes]));
  const [item] = await db.insert(mediaItems).values({ kind: "document", name: "../../Brochure (final).pdf", fileKey, fileType: "application/pdf", fileSize: fileBytes.length, uploadedBy: member.userId }).returning();
  if (!item) throw new Error("no media item");
  await db.insert(mediaVideos).values({ fileName: "Welcome video", fileType: "video/mp4", uploadedBy: member.userId });

  await db.insert(adminAuditLog).values({ actorId: member.userId, actorEmail: member.email, targetId: other.userId, targetEmail: other.email, action: "change-tier", before: { membershipTier: "free" }, after: { membershipTier: "inventor" } });
  await db.insert(adminAuditLog).values({ actorId: other.userId, actorEmail: other.email, targetId: member.userId, targetEmail: member.email, action: "change-role", before: { role: "user" }, after: { role: "admin" } });
  await db.insert(emailUnsubscribes).values({ userId: member.userId });
  const [send] = await db.insert(bulkSends).values({ subject: "Spring news", body: "<p>Hello</p>", createdBy: member.userId, status: "done" }).returning();
  if (!send) throw new Error("no send");
  await db.insert(bulkSendRecipients).values({ sendId: send.id, position: 0, userId: member.userId, email: member.email, name: "Member", tier: "inventor", status: "sent" });
  await db.insert(invitations).values({ id: randomUUID(), email: "invitee@example.com", name: "Invited Friend", membershipTier: "inventor", tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000), invitedBy: member.userId });
  const [memberImport] = await db.insert(memberImports).values({ createdBy: member.userId, fileName: "old-platform.csv", totalRows: 1, toCreate: 1, unchanged: 0, problemRows: 0 }).returning();
  await db.insert(memberImportRows).values({ importId: memberImport!.id, rowNumber: 2, name: "Member", email: member.email, notes: "Met at the fair", plan: "create", userId: member.userId });
  await db.insert(invitations).values({ id: randomUUID(), email: member.email, name: "Member", membershipTier: "inventor", status: "accepted", tokenHash: randomUUID(), expiresAt: new Date(), acceptedUserId: member.userId, acceptedAt: new Date() });
  await db.insert(callRequests).values({ name: "Caller Person", email: "caller@example.com", phone: "+1 555 0100", preferredTimes: "Mornings", topic: "Patents", handledAt: new Date(), handledById: member.userId, handledByEmail: member.email });
  await db.insert(callRequests).values({ name: "Member Calling", email: member.email.toUpperCase(), phone: "+1 555 0199", preferredTimes: "Evenings", topic: "My own call request" });
  await db.insert(accountExports).values({ userId: member.userId, status: "failed" });
  await db.update(memberProfiles).set({ headline: "Inventor of the self-stirring pot", expertise: ["kitchenware"] }).where(eq(memberProfiles.userId, member.userId));
  await db.update(memberProfiles).set({ textHiddenAt: new Date(), textHiddenBy: member.userId }).where(eq(memberProfiles.userId, other.userId));
  const [conversation] = await db.insert(dmConversations).values({ pairKey: [member.userId, other.userId].sort().join(":"), startedBy: member.userId }).returning();
  if (!conversation) throw new Error("no conversation");
  await db.insert(dmParticipants).values([
    { conversationId: conversation.id, userId: member.userId, otherUserId: other.userId },
    { conversationId: conversation.id, userId: other.userId, otherUserId: member.userId },
  ]);
  await db.insert(dmMessages).values([
    { conversationId: conversation.id, senderId: member.userId, body: "A private note about my prototype" },
    { conversationId: conversation.id, senderId: other.userId, body: "The other side of the conversation" },
  ]);
  await db.insert(dmBlocks).values({ blockerId: member.userId, blockedId: other.userId });
  await db.insert(dmReports).values({ conversationId: conversation.id, reporterId: member.userId, reportedId: other.userId, reason: "Reported by the member" });
  await db.insert(dmReports).values({ conversationId: conversation.id, reporterId: other.userId, reportedId: member.userId, reason: "Decided by the member", resolvedAt: new Date(), decision: "dismissed", resolvedBy: member.userId });
  return { postId: post.id, replyId: reply.id, othersPostId: othersPost.id, othersReplyId: othersReply.id, fileKey, fileBytes, mediaItemId: item.id };
}
