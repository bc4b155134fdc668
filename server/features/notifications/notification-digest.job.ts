import { sql } from "drizzle-orm";
import type { NotificationTopic } from "../../../common/contracts/notifications";
import { getGeneralSettings } from "../settings/settings.service";
import { digestMail, type DigestSection, type MailedNotification } from "./notification-mail";
import type { NotificationMailDeps } from "./notification-emails.job";
import { readForMail } from "./notification-recipients";
import { notificationUnsubscribeUrl } from "./notification-unsubscribe";

export type DigestPeriod = "daily" | "weekly";

export interface DigestDeps extends NotificationMailDeps {
  /** The clock; tests move it. */
  now(): Date;
}

const PERIOD_DAYS: Record<DigestPeriod, number> = { daily: 1, weekly: 7 };
/** Members handled per query. */
const MEMBER_BATCH = 200;
/** A digest still `sending` after this long was left by an instance that stopped: another takes it over. */
const STALE_DIGEST_MINUTES = 10;

/** How often each instance looks for digests due. */
export const DIGEST_CHECK_MS = 5 * 60 * 1000;

/** Digests go out from 07:00 UTC: the daily one every day, the weekly one on Mondays. */
const DIGEST_HOUR_UTC = 7;
const MONDAY = 1;

/**
 * Every instance runs this every few minutes; whichever comes first after 07:00 UTC sends the day's
 * digests (and on Mondays the week's), and the others find them sent. A run that stopped half-way
 * is finished by the next.
 */
export async function sendDueDigests(deps: DigestDeps): Promise<void> {
  const now = deps.now();
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return;
  await sendDigests(deps, "daily");
  if (now.getUTCDay() === MONDAY) await sendDigests(deps, "weekly");
}

/**
 * Sends the period's digest to every member who chose it for some kind: one mail of the unread
 * notifications of those kinds from the period that no digest carried yet, nothing when there are
 * none. The digest's row is written first, so a member gets one per period however many instances
 * or retries run it.
 */
export async function sendDigests(deps: DigestDeps, period: DigestPeriod): Promise<{ sent: number; empty: number }> {
  const { db } = deps;
  const now = deps.now();
  const periodEnd = now.toISOString().slice(0, 10);
  const since = new Date(now.getTime() - PERIOD_DAYS[period] * 86_400_000);
  const totals = { sent: 0, empty: 0 };
  let after = "";
  for (;;) {
    // Only members whose digest of this period is not written yet, or was left half-sent: a run
    // after the digests went out reads an index and writes nothing.
    const members = (await db.execute(sql`
      select distinct p.user_id from notification_preferences p join users u on u.id = p.user_id
      where p.delivery = ${period} and u.is_active and p.user_id > ${after}
        and not exists (
          select 1 from notification_digests d
          where d.user_id = p.user_id and d.period = ${period} and d.period_end = ${periodEnd}
            and (d.status <> 'sending' or d.created_at >= now() - make_interval(mins => ${STALE_DIGEST_MINUTES}))
        )
      order by p.user_id limit ${MEMBER_BATCH}`)) as unknown as { rows: Array<{ user_id: string }> };
    if (members.rows.length === 0) return totals;
    for (const { user_id: userId } of members.rows) {
      if (!(await claimDigest(deps, userId, period, periodEnd))) continue;
      const outcome = await sendDigest(deps, userId, period, periodEnd, since);
      totals[outcome] += 1;
    }
    after = members.rows.at(-1)?.user_id ?? after;
  }
}

async function claimDigest({ db }: DigestDeps, userId: string, period: DigestPeriod, periodEnd: string): Promise<boolean> {
  const fresh = (await db.execute(sql`
    insert into notification_digests (user_id, period, period_end) values (${userId}, ${period}, ${periodEnd})
    on conflict do nothing returning user_id`)) as unknown as { rows: unknown[] };
  if (fresh.rows.length > 0) return true;
  const stale = (await db.execute(sql`
    update notification_digests set created_at = now()
    where user_id = ${userId} and period = ${period} and period_end = ${periodEnd} and status = 'sending'
      and created_at < now() - make_interval(mins => ${STALE_DIGEST_MINUTES})
    returning user_id`)) as unknown as { rows: unknown[] };
  return stale.rows.length > 0;
}

async function sendDigest(deps: DigestDeps, userId: string, period: DigestPeriod, periodEnd: string, since: Date): Promise<"sent" | "empty"> {
  const { db } = deps;
  const ids = (await db.execute(sql`
    select n.id from notifications n
    join notification_preferences p on p.user_id = n.user_id and p.topic = n.topic and p.delivery = ${period}
    where n.user_id = ${userId} and n.read_at is null and n.digested_at is null and n.created_at > ${since.toISOString()}::timestamptz
    order by n.seq`)) as unknown as { rows: Array<{ id: number | string }> };
  const readable = (await readForMail(db, ids.rows.map((row) => Number(row.id)))).filter((entry) => entry.visible);
  const recipient = readable[0]?.recipient;
  if (!recipient) {
    await db.execute(sql`update notification_digests set status = 'empty' where user_id = ${userId} and period = ${period} and period_end = ${periodEnd}`);
    return "empty";
  }
  const byTopic = new Map<NotificationTopic, MailedNotification[]>();
  for (const { item } of readable) byTopic.set(item.topic, [...(byTopic.get(item.topic) ?? []), item]);
  const sections: DigestSection[] = [...byTopic].map(([topic, items]) => ({ topic, items, unsubscribeUrl: notificationUnsubscribeUrl(deps.baseUrl, deps.secret, userId, [topic]) }));
  const { communityName } = await getGeneralSettings(db);
  const unsubscribeAllUrl = notificationUnsubscribeUrl(deps.baseUrl, deps.secret, userId, [...byTopic.keys()]);
  const result = await deps.mailer.send(digestMail({ to: recipient, period, sections, communityName, baseUrl: deps.baseUrl, unsubscribeAllUrl }));
  if (result.failure) deps.logger.warn({ userId, failure: result.failure.message }, "notification digest not delivered");
  const sentIds = readable.map((entry) => entry.item.id);
  await db.execute(sql`update notifications set digested_at = now() where id in (${sql.join(sentIds.map((id) => sql`${id}`), sql`, `)})`);
  await db.execute(sql`update notification_digests set status = 'sent', items = ${sentIds.length} where user_id = ${userId} and period = ${period} and period_end = ${periodEnd}`);
  return "sent";
}
