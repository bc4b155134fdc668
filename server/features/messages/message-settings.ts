import { and, desc, eq } from "drizzle-orm";
import { MESSAGING_MESSAGES, type BlockList, type MessagingAbility, type MessagingSettings } from "../../../common/contracts/messages";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { memberProfiles } from "../people/people.table";
import { whyNotReply } from "./conversation-reads";
import { pairKeyOf, personColumns, toMessagePerson } from "./message-people";
import { dmBlocks, dmConversations } from "./messages.table";
import { canStartConversations } from "./messaging.policy";

/** Whether the member accepts messages (their profile's switch). */
export async function getMessagingSettings(db: Database, userId: string): Promise<MessagingSettings> {
  const [row] = await db.select({ acceptsMessages: memberProfiles.acceptsMessages }).from(memberProfiles).where(eq(memberProfiles.userId, userId));
  return { acceptsMessages: row?.acceptsMessages ?? true };
}

/** Turns messages on or off: off, nobody can start or continue a conversation with the member. */
export async function saveMessagingSettings(db: Database, userId: string, settings: MessagingSettings): Promise<MessagingSettings> {
  await db.update(memberProfiles).set({ acceptsMessages: settings.acceptsMessages, updatedAt: new Date() }).where(eq(memberProfiles.userId, userId));
  return getMessagingSettings(db, userId);
}

/** What "Message" on a member's profile does: open the pair's conversation, start one, or say why not. */
export async function messagingAbility(db: Database, viewer: Viewer, userId: string): Promise<MessagingAbility> {
  const [found] = await db.select(personColumns).from(users).where(eq(users.id, userId));
  const person = found ? toMessagePerson(found) : null;
  if (userId === viewer.userId) return { conversationId: null, canStart: false, reason: MESSAGING_MESSAGES.self, person };
  const [conversation] = await db.select({ id: dmConversations.id }).from(dmConversations).where(eq(dmConversations.pairKey, pairKeyOf(viewer.userId, userId)));
  const reason = await whyNotReply(db, viewer, userId);
  // whyNotReply reads an existing conversation: without one, a free member may only write to admins.
  const startRefused = !conversation && reason === null && !canStartConversations(viewer) && !(await isAdmin(db, userId)) ? MESSAGING_MESSAGES.freeCannotStart : null;
  const why = reason ?? startRefused;
  return { conversationId: conversation?.id ?? null, canStart: why === null, reason: why, person };
}

async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role === "admin";
}

/** The members the viewer blocked, most recent first. */
export async function listBlocks(db: Database, viewerId: string): Promise<BlockList> {
  const rows = await db
    .select({ id: users.id, name: users.name, profilePicture: users.image, blockedAt: dmBlocks.createdAt })
    .from(dmBlocks)
    .innerJoin(users, eq(users.id, dmBlocks.blockedId))
    .where(eq(dmBlocks.blockerId, viewerId))
    .orderBy(desc(dmBlocks.createdAt));
  return { blocked: rows.map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() })) };
}

/** Blocks a member: no messages either way from now on; they are not told. Blocking twice is one block. */
export async function blockMember(db: Database, viewerId: string, userId: string): Promise<void> {
  if (userId === viewerId) throw new AppError("BAD_REQUEST", MESSAGING_MESSAGES.cannotBlockSelf);
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!member) throw new AppError("NOT_FOUND", MESSAGING_MESSAGES.memberNotFound);
  await db.insert(dmBlocks).values({ blockerId: viewerId, blockedId: userId }).onConflictDoNothing();
}

/** Lifts the viewer's block; not blocked is no error. */
export async function unblockMember(db: Database, viewerId: string, userId: string): Promise<void> {
  await db.delete(dmBlocks).where(and(eq(dmBlocks.blockerId, viewerId), eq(dmBlocks.blockedId, userId)));
}
