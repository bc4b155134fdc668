import { eq, sql } from "drizzle-orm";
import { DEFAULT_DELIVERY, NOTIFICATION_TOPICS, type NotificationDelivery, type NotificationPreferences, type NotificationTopic } from "../../../common/contracts/notifications";
import type { Database } from "../../db/client";
import { notificationPreferences } from "./notifications.table";

/** Every topic's delivery and push choice for the member: their choice, else the default (push off). */
export async function readPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.topic, row]));
  return {
    topics: Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, chosen.get(topic)?.delivery ?? DEFAULT_DELIVERY[topic]])) as Record<NotificationTopic, NotificationDelivery>,
    push: Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, chosen.get(topic)?.push ?? false])) as Record<NotificationTopic, boolean>,
  };
}

/** Saves the deliveries and push choices named; the others keep what they were. */
export async function updatePreferences(
  db: Database,
  userId: string,
  topics: Partial<Record<NotificationTopic, NotificationDelivery>>,
  push: Partial<Record<NotificationTopic, boolean>> = {},
): Promise<NotificationPreferences> {
  const named = [...new Set([...Object.keys(topics), ...Object.keys(push)])] as NotificationTopic[];
  if (named.length > 0) {
    const current = await readPreferences(db, userId);
    const values = named.map((topic) => ({ userId, topic, delivery: topics[topic] ?? current.topics[topic], push: push[topic] ?? current.push[topic] }));
    await db
      .insert(notificationPreferences)
      .values(values)
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.topic], set: { delivery: sql`excluded.delivery`, push: sql`excluded.push`, updatedAt: sql`now()` } });
  }
  return readPreferences(db, userId);
}
