import { z } from "zod";

/** Refusals of the push subscription endpoints. */
export const PUSH_MESSAGES = {
  endpointInvalid: "This browser's push address is not one we can send to",
  keysInvalid: "This browser's push keys are not valid",
} as const;

/** What a member can be told about; each has its own delivery choice in Account. */
export const NOTIFICATION_TOPICS = ["replies", "mentions", "likes", "new-content", "recordings", "moderation", "billing", "reminders", "messages"] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** How a topic reaches the member: always in the app unless off; "email" mails each one at once, "daily" and "weekly" gather them in a digest. */
export const NOTIFICATION_DELIVERIES = ["app", "email", "daily", "weekly", "off"] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

/** Each single thing that happened, as the centre shows it. */
export const NOTIFICATION_EVENTS = [
  "post-reply",
  "thread-reply",
  "mention",
  "post-like",
  "reply-like",
  "new-session",
  "new-resource",
  "new-video",
  "new-lesson",
  "recording",
  "moderation",
  "billing",
  "session-reminder",
  "session-changed",
  "message",
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const TOPIC_OF_EVENT: Record<NotificationEvent, NotificationTopic> = {
  "post-reply": "replies",
  "thread-reply": "replies",
  mention: "mentions",
  "post-like": "likes",
  "reply-like": "likes",
  "new-session": "new-content",
  "new-resource": "new-content",
  "new-video": "new-content",
  "new-lesson": "new-content",
  recording: "recordings",
  moderation: "moderation",
  billing: "billing",
  "session-reminder": "reminders",
  "session-changed": "reminders",
  message: "messages",
};

/** What a member gets until they choose: the mails they had before notifications stay on. */
export const DEFAULT_DELIVERY: Record<NotificationTopic, NotificationDelivery> = {
  replies: "app",
  mentions: "email",
  likes: "app",
  "new-content": "app",
  recordings: "app",
  moderation: "app",
  billing: "app",
  reminders: "email",
  // Members expect a mail when someone writes to them.
  messages: "email",
};

export const NotificationSchema = z.object({
  id: z.number().int(),
  event: z.enum(NOTIFICATION_EVENTS),
  /** The sentence the centre shows, e.g. "Ada Lovelace and 4 others liked your post". */
  text: z.string(),
  /** What it is about: a post's opening words, a session's or video's title. */
  excerpt: z.string(),
  /** Where it leads in the app. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({
  /** The `nextCursor` of the page before. */
  before: z.coerce.number().int().positive().optional(),
  unread: z.enum(["true", "false"]).optional(),
});

export const NotificationListSchema = z.object({ notifications: z.array(NotificationSchema), unread: z.number().int(), nextCursor: z.number().int().nullable() });
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const NotificationPreferencesSchema = z.object({
  topics: z.record(z.enum(NOTIFICATION_TOPICS), z.enum(NOTIFICATION_DELIVERIES, { error: "Choose in the app, by email, a daily or weekly digest, or off" })),
  /** Which kinds are also pushed to the member's devices that turned push on. */
  push: z.record(z.enum(NOTIFICATION_TOPICS), z.boolean()),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesUpdateSchema = z.object({
  topics: z.partialRecord(z.enum(NOTIFICATION_TOPICS, { error: "Unknown notification kind" }), z.enum(NOTIFICATION_DELIVERIES, { error: "Choose in the app, by email, a daily or weekly digest, or off" })).default({}),
  push: z.partialRecord(z.enum(NOTIFICATION_TOPICS, { error: "Unknown notification kind" }), z.boolean({ error: "Push must be on or off" })).default({}),
});

const base64Url = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((value) => Math.floor((value.replace(/=+$/, "").length * 3) / 4) === bytes, message);

/** What a browser's PushSubscription.toJSON() holds. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.string({ error: PUSH_MESSAGES.endpointInvalid }).max(2000, PUSH_MESSAGES.endpointInvalid),
  keys: z.object({ p256dh: base64Url(65, PUSH_MESSAGES.keysInvalid), auth: base64Url(16, PUSH_MESSAGES.keysInvalid) }, { error: PUSH_MESSAGES.keysInvalid }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;
export const PushEndpointSchema = z.object({ endpoint: z.string({ error: PUSH_MESSAGES.endpointInvalid }).max(2000, PUSH_MESSAGES.endpointInvalid) });

export const PushSettingsSchema = z.object({ publicKey: z.string(), devices: z.number().int() });
export type PushSettings = z.infer<typeof PushSettingsSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The names Account shows for each topic and delivery. */
export const TOPIC_LABELS: Record<NotificationTopic, { title: string; description: string }> = {
  replies: { title: "Replies", description: "Replies to your posts and to posts you replied to" },
  mentions: { title: "Mentions", description: "When someone mentions you with @" },
  likes: { title: "Likes", description: "Likes on your posts and replies" },
  "new-content": { title: "New in your plan", description: "New sessions, resources, videos and course lessons your plan includes" },
  recordings: { title: "Recordings", description: "A recording of a session you went to or your plan includes" },
  moderation: { title: "Moderation", description: "What moderators decided about your posts and flags" },
  billing: { title: "Billing", description: "Failed payments, card updates, plan changes and renewals" },
  reminders: { title: "Session reminders", description: "24 hours and 1 hour before sessions you are going to, and changes to them" },
  messages: { title: "Direct messages", description: "When a member writes to you. Open conversations always update live" },
};

export const DELIVERY_LABELS: Record<NotificationDelivery, string> = {
  app: "In the app",
  email: "Email at once",
  daily: "Daily digest",
  weekly: "Weekly digest",
  off: "Off",
};

export const NOTIFICATION_MESSAGES = {
  notFound: "Notification not found",
  empty: "You're all caught up. Replies, mentions and new sessions for your plan will show here.",
  emptyUnread: "No unread notifications.",
  markAllRead: "Mark all as read",
  title: "Notifications",
} as const;
