import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { NOTIFICATION_MESSAGES, NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationList } from "../../../common/contracts/notifications";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { notificationText } from "./notification-text";
import { announceRead } from "./notify";
import { notifications } from "./notifications.table";

/** The member and the access keys they hold right now (notification-access.ts). */
export interface NotificationReader {
  userId: string;
  accessKeys: string[];
}

const columns = {
  id: notifications.id,
  seq: notifications.seq,
  event: notifications.event,
  headline: notifications.headline,
  excerpt: notifications.excerpt,
  link: notifications.link,
  actorCount: notifications.actorCount,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  actorName: users.name,
};

type SelectedRow = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] | null };

function toNotificationDto(row: SelectedRow): Notification {
  return {
    id: Number(row.id),
    event: row.event ?? "billing",
    text: notificationText({ event: row.event ?? "billing", headline: row.headline, actorName: row.actorName, actorCount: row.actorCount ?? 1 }),
    excerpt: row.excerpt ?? "",
    link: row.link ?? "/members",
    read: row.readAt !== null,
    createdAt: (row.createdAt ?? new Date()).toISOString(),
  };
}

const visibleTo = (reader: NotificationReader) => and(eq(notifications.userId, reader.userId), inArray(notifications.access, reader.accessKeys.length > 0 ? reader.accessKeys : [""]));

/** The member's notifications, newest change first, a page at a time (`before`: the previous page's cursor). */
export async function listNotifications(db: Database, reader: NotificationReader, query: { before?: number; unreadOnly?: boolean }): Promise<NotificationList> {
  const rows = await db
    .select(columns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(visibleTo(reader), query.before ? lt(notifications.seq, query.before) : undefined, query.unreadOnly ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.seq))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    notifications: page.map(toNotificationDto),
    unread: await countUnread(db, reader),
    nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? Number(last.seq) : null,
  };
}

/** One indexed query (notifications_unread_idx). */
export async function countUnread(db: Database, reader: NotificationReader): Promise<number> {
  return db.$count(notifications, and(visibleTo(reader), isNull(notifications.readAt)));
}

/** A changed notification as the live streams read it: the hub checks `access` against each member's keys before sending. */
export type ChangedNotification = Notification & { seq: number; userId: string; access: string };

/** What the live streams may send: the notifications of `userIds` changed after `afterSeq`, or within first..last, oldest first. */
export async function readChanged(db: Database, userIds: string[], range: { afterSeq: number; limit: number } | { first: number; last: number }): Promise<ChangedNotification[]> {
  if (userIds.length === 0) return [];
  const inRange = "afterSeq" in range ? sql`${notifications.seq} > ${range.afterSeq}` : sql`${notifications.seq} between ${range.first} and ${range.last}`;
  const rows = await db
    .select({ ...columns, userId: notifications.userId, access: notifications.access })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(inRange, inArray(notifications.userId, userIds)))
    .orderBy(notifications.seq)
    .limit("afterSeq" in range ? range.limit : range.last - range.first + 1);
  return rows.map((row) => ({ ...toNotificationDto(row), seq: Number(row.seq), userId: row.userId, access: row.access }));
}

export async function markNotificationRead(db: Database, reader: NotificationReader, id: number): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), visibleTo(reader)))
    .returning({ id: notifications.id });
  if (!row) throw new AppError("NOT_FOUND", NOTIFICATION_MESSAGES.notFound);
  await announceRead(db, reader.userId);
}

export async function markAllNotificationsRead(db: Database, reader: NotificationReader): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, reader.userId), isNull(notifications.readAt)));
  await announceRead(db, reader.userId);
}
