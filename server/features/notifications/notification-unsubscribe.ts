import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { NOTIFICATION_TOPICS, type NotificationTopic } from "../../../common/contracts/notifications";

export const NOTIFICATION_UNSUBSCRIBE_PATH = "/api/notifications/unsubscribe";

/** `u` the member, `k` the topics (comma-separated), `t` the signature over both. */
export const NotificationUnsubscribeLinkSchema = z.object({
  u: z.string().min(1).max(100),
  k: z
    .string()
    .max(200)
    .transform((value) => value.split(","))
    .pipe(z.array(z.enum(NOTIFICATION_TOPICS)).min(1)),
  t: z.string().min(1).max(100),
});

function signature(secret: string, userId: string, topics: readonly NotificationTopic[]): string {
  // Its own scope: a bulk-email or mention link can never stand in for this one, nor the reverse.
  return createHmac("sha256", secret).update(`notification-emails:${[...topics].sort().join(",")}:${userId}`).digest("base64url");
}

/** The one-click link that moves these topics from mail to the app only, for this member alone. */
export function notificationUnsubscribeUrl(baseUrl: string, secret: string, userId: string, topics: readonly NotificationTopic[]): string {
  const url = new URL(NOTIFICATION_UNSUBSCRIBE_PATH, baseUrl);
  url.search = new URLSearchParams({ u: userId, k: topics.join(","), t: signature(secret, userId, topics) }).toString();
  return url.toString();
}

export function isValidNotificationUnsubscribe(secret: string, userId: string, topics: readonly NotificationTopic[], given: string): boolean {
  const expected = Buffer.from(signature(secret, userId, topics));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received);
}
