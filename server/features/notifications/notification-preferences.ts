import { eq, sql } from "drizzle-orm";
import { DEFAULT_DELIVERY, NOTIFICATION_TOPICS, type NotificationDelivery, type NotificationPreferences, type NotificationTopic } from "../../../common/contracts/notifications";
import type { Database } from "../../db/client";
import { notificationPreferences } from "./notifications.table";

/** Every topic's delivery for the member: their choice, else the default. */
export async function readPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.topic, row.delivery]));
  return { topics: Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, chosen.get(topic) ?? DEFAULT_DELIVERY[topic]])) as Record<NotificationTopic, NotificationDelivery> };
}

/** Saves the topics named; the others keep what they were. */
export async function updatePreferences(db: Database, userId: string, topics: Partial<Record<NotificationTopic, NotificationDelivery>>): Promise<NotificationPreferences> {
  const values = Object.entries(topics).map(([topic, delivery]) => ({ userId, topic: topic as NotificationTopic, delivery: delivery as NotificationDelivery }));
  if (values.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(values)
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.topic], set: { delivery: sql`excluded.delivery`, updatedAt: sql`now()` } });
  }
  return readPreferences(db, userId);
}
