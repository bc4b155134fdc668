import { and, count, eq, gt, sql } from "drizzle-orm";
import { MESSAGING_MESSAGES, type SentMessage } from "../../../common/contracts/messages";
import { hasAdminPowers } from "../../auth/guards";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { assertNotSuspended } from "../community/suspensions";
import { memberProfiles } from "../people/people.table";
import { getGeneralSettings } from "../settings/settings.service";
import { announceMessage, notifyMessage } from "./message-notifications";
import { pairKeyOf, readAddressee } from "./message-people";
import { dmConversations, dmMessages, dmParticipants } from "./messages.table";
import { holdsLink, NEW_ACCOUNT_MS, whyNotWrite } from "./messaging.policy";

const refuse = (reason: string): never => {
  throw new AppError(reason === MESSAGING_MESSAGES.self ? "BAD_REQUEST" : "FORBIDDEN", reason);
};

/**
 * The first message to a member, or the next one in the conversation the two already have. A new
 * conversation counts against the writer's daily limit (counted under a lock on the writer's profile
 * row, so parallel starts cannot pass it) and, from an account younger than a day, holds no link.
 * When both start at once, the pair key makes one conversation and the later start writes into it.
 */
export async function startConversation(db: Database, viewer: Viewer, input: { recipientId: string; body: string }): Promise<SentMessage> {
  if (input.recipientId === viewer.userId) refuse(MESSAGING_MESSAGES.self);
  await assertNotSuspended(db, viewer);
  const { dailyNewConversations } = await getGeneralSettings(db);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const addressee = await readAddressee(txDb, viewer.userId, input.recipientId);
    const pairKey = pairKeyOf(viewer.userId, input.recipientId);
    const existing = await conversationOfPair(txDb, pairKey);
    const reason = whyNotWrite(viewer, addressee, existing !== null);
    if (reason) refuse(reason);
    if (existing !== null) return appendMessage(txDb, viewer, existing, input.recipientId, input.body);
    if (Date.now() - viewer.createdAt.getTime() < NEW_ACCOUNT_MS && holdsLink(input.body)) throw new AppError("BAD_REQUEST", MESSAGING_MESSAGES.newAccountLinks, { body: MESSAGING_MESSAGES.newAccountLinks });
    if (!hasAdminPowers(viewer)) await assertUnderDailyLimit(txDb, viewer.userId, dailyNewConversations);
    const [created] = await txDb.insert(dmConversations).values({ pairKey, startedBy: viewer.userId }).onConflictDoNothing({ target: dmConversations.pairKey }).returning({ id: dmConversations.id });
    if (!created) {
      // The other member started it a moment ago: this message goes into theirs.
      const theirs = await conversationOfPair(txDb, pairKey);
      if (theirs === null) throw new AppError("CONFLICT", MESSAGING_MESSAGES.notFound);
      return appendMessage(txDb, viewer, theirs, input.recipientId, input.body);
    }
    await txDb.insert(dmParticipants).values([
      { conversationId: created.id, userId: viewer.userId, otherUserId: input.recipientId },
      { conversationId: created.id, userId: input.recipientId, otherUserId: viewer.userId },
    ]);
    return appendMessage(txDb, viewer, created.id, input.recipientId, input.body);
  });
}

/** The next message in a conversation the viewer is part of; 404 for anyone else's. */
export async function sendMessage(db: Database, viewer: Viewer, conversationId: number, body: string): Promise<SentMessage> {
  await assertNotSuspended(db, viewer);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [side] = await txDb
      .select({ otherUserId: dmParticipants.otherUserId })
      .from(dmParticipants)
      .where(and(eq(dmParticipants.conversationId, conversationId), eq(dmParticipants.userId, viewer.userId)));
    if (!side) throw new AppError("NOT_FOUND", MESSAGING_MESSAGES.notFound);
    const addressee = side.otherUserId ? await readAddressee(txDb, viewer.userId, side.otherUserId) : null;
    const reason = whyNotWrite(viewer, addressee, true);
    if (reason) refuse(reason);
    return appendMessage(txDb, viewer, conversationId, side.otherUserId, body);
  });
}

async function conversationOfPair(tx: Database, pairKey: string): Promise<number | null> {
  const [row] = await tx.select({ id: dmConversations.id }).from(dmConversations).where(eq(dmConversations.pairKey, pairKey));
  return row?.id ?? null;
}

/** 429 when the writer started `limit` conversations in the last 24 hours; holds their profile row until commit. */
async function assertUnderDailyLimit(tx: Database, userId: string, limit: number): Promise<void> {
  await tx.select({ userId: memberProfiles.userId }).from(memberProfiles).where(eq(memberProfiles.userId, userId)).for("no key update");
  const [started] = await tx
    .select({ value: count() })
    .from(dmConversations)
    .where(and(eq(dmConversations.startedBy, userId), gt(dmConversations.createdAt, sql`now() - interval '1 day'`)));
  if ((started?.value ?? 0) >= limit) throw new AppError("RATE_LIMITED", MESSAGING_MESSAGES.dailyLimit(limit));
}

/**
 * Writes the message and both sides' read state: the writer has read everything up to it, the other
 * has one more unread. The other is notified (gathered per conversation) and both members' streams
 * hear of it at commit.
 */
async function appendMessage(tx: Database, viewer: Viewer, conversationId: number, otherUserId: string | null, body: string): Promise<SentMessage> {
  const [message] = await tx.insert(dmMessages).values({ conversationId, senderId: viewer.userId, body }).returning({ id: dmMessages.id, createdAt: dmMessages.createdAt });
  if (!message) throw new AppError("INTERNAL", "Message not saved");
  const sides = await tx
    .update(dmParticipants)
    .set({
      lastMessageAt: message.createdAt,
      unreadCount: sql`case when ${dmParticipants.userId} = ${viewer.userId} then 0 else ${dmParticipants.unreadCount} + 1 end`,
      lastReadMessageId: sql`case when ${dmParticipants.userId} = ${viewer.userId} then ${message.id} else ${dmParticipants.lastReadMessageId} end`,
    })
    .where(eq(dmParticipants.conversationId, conversationId))
    .returning({ userId: dmParticipants.userId, unreadCount: dmParticipants.unreadCount });
  await tx.update(dmConversations).set({ lastMessageAt: message.createdAt }).where(eq(dmConversations.id, conversationId));
  const other = sides.find((side) => side.userId === otherUserId);
  if (other) await notifyMessage(tx, { conversationId, senderId: viewer.userId, recipientId: other.userId, body, unread: other.unreadCount });
  for (const side of sides) await announceMessage(tx, side.userId, conversationId, message.id);
  return {
    conversationId,
    message: { id: message.id, conversationId, fromMe: true, body, hidden: false, createdAt: message.createdAt.toISOString() },
  };
}
