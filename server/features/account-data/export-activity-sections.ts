import { and, asc, desc, eq, gt, or, sql } from "drizzle-orm";
import { outboxMessages } from "../../mail/outbox.table";
import { callRequests } from "../call-requests/call-requests.table";
import { bulkSendRecipients, bulkSends, emailUnsubscribes } from "../email/email.table";
import { invitations } from "../invitations/invitations.table";
import { mediaItems } from "../media/media.table";
import { adminAuditLog } from "../users/audit-log.table";
import { mediaVideos } from "../videos/videos.table";
import { accountExports } from "./account-data.table";
import { iso, PAGE_SIZE, pagesOf, type ExportSection } from "./export-context";
import { zipPathOf } from "./uploaded-files";

/** Uploads, the audit log, mail, invitations, call requests and earlier exports. */
export const ACTIVITY_SECTIONS: readonly ExportSection[] = [
  {
    key: "uploads",
    covers: ["media_items.uploaded_by", "media_videos.uploaded_by"],
    async read({ db, userId }) {
      const items = await db.select().from(mediaItems).where(eq(mediaItems.uploadedBy, userId)).orderBy(asc(mediaItems.id));
      const videos = await db.select({ id: mediaVideos.id, title: mediaVideos.fileName, createdAt: mediaVideos.createdAt }).from(mediaVideos).where(eq(mediaVideos.uploadedBy, userId)).orderBy(asc(mediaVideos.id));
      return {
        mediaLibrary: items.map((item) => ({
          id: item.id,
          name: item.name,
          kind: item.kind,
          type: item.fileType,
          sizeBytes: item.fileSize,
          folder: item.folder,
          youtubeId: item.youtubeId,
          public: item.isPublic,
          uploadedAt: iso(item.createdAt),
          // The file itself is in the zip under this path.
          file: item.fileKey ? zipPathOf(item) : null,
        })),
        trainingVideosAdded: videos.map((video) => ({ id: video.id, title: video.title, addedAt: iso(video.createdAt) })),
      };
    },
  },
  {
    key: "auditLog",
    covers: ["admin_audit_log.actor_id"],
    read: ({ db, userId }) =>
      pagesOf(
        (after: { id: number } | null) =>
          db
            .select()
            .from(adminAuditLog)
            .where(and(or(eq(adminAuditLog.targetId, userId), eq(adminAuditLog.actorId, userId)), after ? gt(adminAuditLog.id, after.id) : undefined))
            .orderBy(asc(adminAuditLog.id))
            .limit(PAGE_SIZE),
        (row) => ({
          action: row.action,
          byYou: row.actorId === userId,
          aboutYou: row.targetId === userId,
          by: row.actorEmail,
          about: row.targetEmail,
          before: row.before,
          after: row.after,
          at: iso(row.createdAt),
        }),
      ),
  },
  {
    key: "email",
    covers: ["email_unsubscribes.user_id", "bulk_send_recipients.user_id", "bulk_sends.created_by"],
    async read({ db, userId, email }) {
      const [unsubscribed] = await db.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.userId, userId));
      const received = await db
        .select({ subject: bulkSends.subject, status: bulkSendRecipients.status, finishedAt: bulkSendRecipients.finishedAt })
        .from(bulkSendRecipients)
        .innerJoin(bulkSends, eq(bulkSends.id, bulkSendRecipients.sendId))
        .where(eq(bulkSendRecipients.userId, userId))
        .orderBy(asc(bulkSends.createdAt));
      const written = await db.select({ subject: bulkSends.subject, status: bulkSends.status, createdAt: bulkSends.createdAt }).from(bulkSends).where(eq(bulkSends.createdBy, userId)).orderBy(asc(bulkSends.createdAt));
      // Subjects and dates only: bodies hold single-use links (password reset, this export, account deletion).
      const mail = await db
        .select({ subject: outboxMessages.subject, status: outboxMessages.status, createdAt: outboxMessages.createdAt })
        .from(outboxMessages)
        .where(eq(sql`lower(${outboxMessages.to})`, email))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(1000);
      return {
        bulkEmail: unsubscribed ? { subscribed: false, unsubscribedAt: iso(unsubscribed.createdAt) } : { subscribed: true, unsubscribedAt: null },
        bulkMessagesToYou: received.map((row) => ({ subject: row.subject, status: row.status, at: iso(row.finishedAt) })),
        bulkMessagesYouSent: written.map((row) => ({ subject: row.subject, status: row.status, at: iso(row.createdAt) })),
        messagesToYou: mail.map((row) => ({ subject: row.subject, status: row.status, at: iso(row.createdAt) })),
      };
    },
  },
  {
    key: "invitations",
    covers: ["invitations.invited_by", "invitations.accepted_user_id"],
    async read({ db, userId }) {
      const rows = await db
        .select()
        .from(invitations)
        .where(or(eq(invitations.invitedBy, userId), eq(invitations.acceptedUserId, userId)))
        .orderBy(asc(invitations.invitedAt));
      return {
        accepted: rows.filter((row) => row.acceptedUserId === userId).map((row) => ({ tier: row.membershipTier, invitedAt: iso(row.invitedAt), acceptedAt: iso(row.acceptedAt) })),
        sent: rows.filter((row) => row.invitedBy === userId).map((row) => ({ email: row.email, name: row.name, tier: row.membershipTier, status: row.status, invitedAt: iso(row.invitedAt) })),
      };
    },
  },
  {
    key: "callRequests",
    covers: ["call_requests.handled_by_id"],
    async read({ db, userId, email, emailConfirmed }) {
      const yours = emailConfirmed ? await db.select().from(callRequests).where(eq(sql`lower(${callRequests.email})`, email)).orderBy(asc(callRequests.createdAt)) : [];
      const handled = await db.select({ name: callRequests.name, handledAt: callRequests.handledAt }).from(callRequests).where(eq(callRequests.handledById, userId)).orderBy(asc(callRequests.handledAt));
      return {
        yourRequests: yours.map((row) => ({ name: row.name, email: row.email, phone: row.phone, preferredTimes: row.preferredTimes, topic: row.topic, sentAt: iso(row.createdAt), handledAt: iso(row.handledAt) })),
        // Call requests from a password account's address are not matched: that address was never proven.
        matchedByAddress: emailConfirmed,
        handledByYou: handled.map((row) => ({ name: row.name, handledAt: iso(row.handledAt) })),
      };
    },
  },
  {
    key: "dataExports",
    covers: ["account_exports.user_id"],
    async read({ db, userId }) {
      const rows = await db.select().from(accountExports).where(eq(accountExports.userId, userId)).orderBy(asc(accountExports.requestedAt));
      return rows.map((row) => ({ status: row.status, requestedAt: iso(row.requestedAt), readyAt: iso(row.readyAt), expiresAt: iso(row.expiresAt) }));
    },
  },
];
