import { asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { outboxMessages } from "../../mail/outbox.table";
import { iso, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { bulkSendRecipients, bulkSends, emailErrorLog, emailUnsubscribes } from "./email.table";

/** True where `column` mentions one of `emails`, whatever the case (position, not like: an address may hold '_' or '%'). */
const mentionsAny = (column: unknown, emails: readonly string[]): SQL => or(...emails.map((email) => sql`position(${email} in lower(${column})) > 0`)) ?? sql`false`;

/** Bulk email (unsubscribed or not, messages received and sent), mail the member was sent, delivery errors. */
export const EMAIL_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "email",
  columns: {
    "email_unsubscribes.user_id": { action: "delete", how: "The unsubscribe goes with the account." },
    "bulk_send_recipients.user_id": { action: "delete", how: "The member's place in a bulk send's recipient list goes with the account." },
    "bulk_sends.created_by": { action: "anonymise", how: "Bulk sends an admin wrote stay in the send history, with no author." },
  },
  exportSections: [
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
  ],
  async erase({ tx, members }) {
    const emails = members.map((member) => member.email);
    // Mail to the member, and mail that names them (an approval request, a call request mailed to admins).
    await tx.delete(outboxMessages).where(inArray(sql`lower(${outboxMessages.to})`, emails));
    await tx.delete(outboxMessages).where(or(mentionsAny(outboxMessages.subject, emails), mentionsAny(outboxMessages.text, emails), mentionsAny(outboxMessages.html, emails)));
    await tx.delete(emailErrorLog).where(or(mentionsAny(emailErrorLog.recipient, emails), mentionsAny(emailErrorLog.message, emails), mentionsAny(emailErrorLog.details, emails), mentionsAny(emailErrorLog.subject, emails)));
  },
};
