import { and, eq, sql } from "drizzle-orm";
import { MESSAGING_MESSAGES } from "../../../common/contracts/messages";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { readMessageNotifications } from "./message-notifications";
import { dmMessages, dmParticipants } from "./messages.table";

/**
 * The viewer saw the conversation up to `lastMessageId`: what is left unread is counted again (never
 * below what was read before), and its message notification is read on every device.
 */
export async function markConversationRead(db: Database, viewerId: string, conversationId: number, lastMessageId: number): Promise<{ unread: number }> {
  const readUpTo = sql`greatest(${dmParticipants.lastReadMessageId}, ${lastMessageId})`;
  const [side] = await db
    .update(dmParticipants)
    .set({
      lastReadMessageId: readUpTo,
      unreadCount: sql`(select count(*)::int from ${dmMessages} where ${dmMessages.conversationId} = ${conversationId} and ${dmMessages.id} > ${readUpTo} and ${dmMessages.senderId} is distinct from ${viewerId})`,
    })
    .where(and(eq(dmParticipants.conversationId, conversationId), eq(dmParticipants.userId, viewerId)))
    .returning({ unread: dmParticipants.unreadCount });
  if (!side) throw new AppError("NOT_FOUND", MESSAGING_MESSAGES.notFound);
  await readMessageNotifications(db, viewerId, conversationId);
  return side;
}
