import { sql, type SQL } from "drizzle-orm";
import { DEFAULT_DELIVERY, TOPIC_OF_EVENT, type NotificationEvent } from "../../../common/contracts/notifications";
import type { Database } from "../../db/client";

/** The channel live notifications are announced on; the payload carries sequence numbers and ids only (notification-announcements.ts). */
export const NOTIFICATIONS_CHANNEL = "notifications";

export interface NotificationTemplate {
  event: NotificationEvent;
  /** Who may see it: OWN_ACCESS or an `accessOf` key (notification-access.ts). */
  access: string;
  /** What it is about, e.g. `post:12`. */
  subject: string;
  excerpt: string;
  link: string;
  headline?: string | null;
  actorId?: string | null;
  /** Unread notifications with this key for the same member are one, brought to the top again. */
  groupKey?: string | null;
  actorCount?: number;
  /** The caller mails it itself, in its own words (mention mails): no "email at once" mail is queued. */
  mailedByCaller?: boolean;
  /** A member who already has this event about this subject gets no second one (a retried broadcast). */
  once?: boolean;
}

/** How much to clip of a post or title: enough to recognise it, never the whole text. */
export const EXCERPT_LENGTH = 140;

export const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
};

/**
 * Writes the notification for every member `recipients` selects (one column of user ids), in the
 * caller's transaction, and announces it at commit. Skipped: the actor, deactivated accounts,
 * members who blocked the actor and members who turned the topic off. Returns how many were written.
 */
export async function notifyMembers(tx: Database, recipients: SQL, template: NotificationTemplate): Promise<number> {
  const topic = TOPIC_OF_EVENT[template.event];
  const actorId = template.actorId ?? null;
  const result = (await tx.execute(sql`
    with recipient as (select distinct r.user_id from (${recipients}) as r(user_id)),
    chosen as (
      select u.id as user_id, coalesce(p.delivery, ${DEFAULT_DELIVERY[topic]}) as delivery, coalesce(p.push, false) as push
      from recipient r
      join users u on u.id = r.user_id and u.is_active
      left join notification_preferences p on p.user_id = u.id and p.topic = ${topic}
      where u.id is distinct from ${actorId}
        and not ${blockedActor(sql`u.id`, actorId)}
        ${template.once ? sql`and not exists (select 1 from notifications done where done.user_id = u.id and done.subject = ${template.subject} and done.event = ${template.event})` : sql``}
    ),
    written as (
      insert into notifications (user_id, event, topic, access, subject, headline, excerpt, link, actor_id, actor_count, group_key, mail_state, push_state)
      select user_id, ${template.event}, ${topic}, ${template.access}, ${template.subject}, ${template.headline ?? null}, ${template.excerpt}, ${template.link},
        ${actorId}, ${template.actorCount ?? 1}, ${template.groupKey ?? null}, case when delivery = 'email' then ${template.mailedByCaller ? "sent" : "due"} end,
        case when push then 'due' end
      from chosen
      where delivery <> 'off'
      on conflict (user_id, group_key) where read_at is null and group_key is not null
      do update set actor_id = excluded.actor_id, actor_count = excluded.actor_count, excerpt = excluded.excerpt, seq = nextval('notification_seq'), created_at = now(),
        push_state = coalesce(excluded.push_state, notifications.push_state)
      returning seq
    )
    select min(seq)::text as first, max(seq)::text as last, count(*)::int as written from written`)) as unknown as { rows: Array<{ first: string | null; last: string | null; written: number }> };
  const [row] = result.rows;
  if (!row?.first || !row.last) return 0;
  await announceWritten(tx, Number(row.first), Number(row.last));
  return row.written;
}

/** The member blocked the actor (direct messages' blocks): nothing the actor does reaches them. */
export const blockedActor = (recipient: SQL, actorId: string | null): SQL =>
  sql`exists (select 1 from dm_blocks blocked where blocked.blocker_id = ${recipient} and blocked.blocked_id = ${actorId})`;

/** Tells every instance (at commit) that notifications with sequence numbers first..last were written. */
export async function announceWritten(tx: Database, first: number, last: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${`n:${first}:${last}`})`);
}

/** Tells every instance that the member read notifications, so their other tabs and devices update their count. */
export async function announceRead(db: Database, userId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${`r:${userId}`})`);
}

/** Content that is gone takes its notifications with it: nobody is sent to a page that no longer exists. */
export async function forgetSubject(tx: Database, subject: string): Promise<void> {
  await tx.execute(sql`delete from notifications where subject = ${subject}`);
}

/** Content moved to another tier: its notifications follow, so they are shown only to whom the content is. */
export async function moveSubjectAccess(tx: Database, subject: string, access: string): Promise<void> {
  await tx.execute(sql`update notifications set access = ${access} where subject = ${subject}`);
}
