import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { OWN_ACCESS } from "../notifications/notification-access";
import { announceRead, excerptOf, NOTIFICATIONS_CHANNEL, notifyMembers } from "../notifications/notify";
import { notifications } from "../notifications/notifications.table";

/** Where a message notification leads: the conversation's page. */
export const conversationLink = (conversationId: number) => `/members/messages/${conversationId}`;
const groupKeyOf = (conversationId: number) => `message:${conversationId}`;

/**
 * A new message, in its transaction: the recipient's unread messages of one conversation are one
 * notification ("Ada Lovelace sent you 3 messages"), brought to the top with each new one.
 */
export async function notifyMessage(tx: Database, message: { conversationId: number; senderId: string; recipientId: string; body: string; unread: number }): Promise<void> {
  await notifyMembers(tx, sql`select ${message.recipientId}::text`, {
    event: "message",
    access: OWN_ACCESS,
    subject: `conversation:${message.conversationId}`,
    excerpt: excerptOf(message.body),
    link: conversationLink(message.conversationId),
    actorId: message.senderId,
    actorCount: Math.max(message.unread, 1),
    groupKey: groupKeyOf(message.conversationId),
  });
}

/**
 * Tells every instance, at commit, that a message reached the member's conversation: their open
 * streams get it even when they turned message notifications off (notification-streams.ts).
 */
export async function announceMessage(tx: Database, userId: string, conversationId: number, messageId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${`m:${userId}:${conversationId}:${messageId}`})`);
}

/** The member read the conversation: its message notification is read too, on all their devices. */
export async function readMessageNotifications(db: Database, userId: string, conversationId: number): Promise<void> {
  const read = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKeyOf(conversationId)), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (read.length > 0) await announceRead(db, userId);
}
