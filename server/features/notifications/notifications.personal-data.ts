import { and, asc, eq, gt } from "drizzle-orm";
import { iso, PAGE_SIZE, pagesOf, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { readPreferences } from "./notification-preferences";
import { notificationDigests, notifications, pushSubscriptions } from "./notifications.table";

/** What the member was told, and how they chose to be told. */
export const NOTIFICATIONS_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "notifications",
  columns: {
    "notifications.user_id": { action: "delete", how: "The member's notifications go with the account." },
    "notifications.actor_id": { action: "anonymise", how: "Others' notifications about what the member did stay, naming 'A former member'." },
    "notification_preferences.user_id": { action: "delete", how: "The member's notification choices go with the account." },
    "notification_digests.user_id": { action: "delete", how: "The record of digest emails sent goes with the account." },
    "push_subscriptions.user_id": { action: "delete", how: "The member's devices stop getting pushes: their subscriptions go with the account." },
  },
  exportSections: [
    {
      key: "notifications",
      covers: ["notifications.user_id"],
      records: ({ db, userId }) => db.$count(notifications, eq(notifications.userId, userId)),
      read: ({ db, userId }) =>
        pagesOf(
          (after: { id: number } | null) =>
            db
              .select()
              .from(notifications)
              .where(and(eq(notifications.userId, userId), after ? gt(notifications.id, after.id) : undefined))
              .orderBy(asc(notifications.id))
              .limit(PAGE_SIZE),
          // Without the excerpt: those are other members' words (a reply, a post), not the member's.
          (row) => ({ id: row.id, event: row.event, headline: row.headline, link: row.link, people: row.actorCount, readAt: iso(row.readAt), emailed: row.mailState === "sent", createdAt: iso(row.createdAt) }),
        ),
    },
    { key: "notificationPreferences", covers: ["notification_preferences.user_id"], read: ({ db, userId }) => readPreferences(db, userId).then((preferences) => preferences.topics) },
    {
      key: "pushDevices",
      covers: ["push_subscriptions.user_id"],
      // The push service's host says which browser it is; the address and keys are secrets of that device.
      read: async ({ db, userId }) =>
        (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.id))).map((row) => ({ pushService: new URL(row.endpoint).host, since: iso(row.createdAt) })),
    },
    {
      key: "notificationDigests",
      covers: ["notification_digests.user_id"],
      read: async ({ db, userId }) =>
        (await db.select().from(notificationDigests).where(eq(notificationDigests.userId, userId)).orderBy(asc(notificationDigests.createdAt))).map((row) => ({ period: row.period, periodEnd: row.periodEnd, status: row.status, notifications: row.items })),
    },
  ],
  notExported: {
    "notifications.actor_id": "Whom others were told about what you did is theirs; your own actions are in your posts, replies and likes.",
  },
};
