import { inArray, sql } from "drizzle-orm";
import type { NotificationEvent, NotificationTopic } from "../../../common/contracts/notifications";
import type { Role, Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import { accessKeysFor } from "./notification-access";
import type { MailedNotification } from "./notification-mail";
import { notificationText } from "./notification-text";
import { notifications } from "./notifications.table";

interface MailRow {
  id: number;
  user_id: string;
  topic: NotificationTopic;
  event: NotificationEvent;
  access: string;
  headline: string | null;
  excerpt: string;
  link: string;
  actor_count: number;
  read_at: Date | string | null;
  created_at: Date | string;
  actor_name: string | null;
  email: string;
  name: string;
  role: Role;
  membership_tier: Tier;
  is_active: boolean;
}

export interface MailRecipient {
  userId: string;
  email: string;
  name: string;
}

/**
 * The notifications `ids` as their recipients may read them now, for a mail: each with its recipient,
 * and whether the recipient may still see it (active, and the content within their plan of the moment).
 */
export async function readForMail(db: Database, ids: number[]): Promise<Array<{ recipient: MailRecipient; item: MailedNotification; visible: boolean }>> {
  if (ids.length === 0) return [];
  const result = (await db.execute(sql`
    select n.id, n.user_id, n.topic, n.event, n.access, n.headline, n.excerpt, n.link, n.actor_count, n.read_at, n.created_at,
      actor.full_name as actor_name, u.email, u.full_name as name, u.role, u.membership_tier, u.is_active
    from ${notifications} n
    join ${users} u on u.id = n.user_id
    left join ${users} actor on actor.id = n.actor_id
    where ${inArray(sql`n.id`, ids)}
    order by n.seq`)) as unknown as { rows: MailRow[] };
  return result.rows.map((row) => {
    const accessKeys = accessKeysFor({ role: row.role, membershipTier: row.membership_tier, isActive: row.is_active, secondFactorMissing: false });
    return {
      recipient: { userId: row.user_id, email: row.email, name: row.name },
      visible: accessKeys.includes(row.access),
      item: {
        id: Number(row.id),
        topic: row.topic,
        event: row.event,
        text: notificationText({ event: row.event, headline: row.headline, actorName: row.actor_name, actorCount: row.actor_count }),
        excerpt: row.excerpt,
        link: row.link,
        read: row.read_at !== null,
        createdAt: new Date(row.created_at).toISOString(),
      },
    };
  });
}
