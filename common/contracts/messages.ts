import { z } from "zod";
import { TIERS } from "../tiers";

/** Direct messages (README: Direct messages): one-to-one conversations between members. */
export const MESSAGE_MAX_LENGTH = 5000;
/** New conversations a member may start per day unless the admin set another number (General Settings). */
export const DEFAULT_DAILY_NEW_CONVERSATIONS = 10;
export const MESSAGES_PAGE_SIZE = 50;
export const CONVERSATIONS_PAGE_SIZE = 30;

export const MESSAGING_MESSAGES = {
  required: "Write a message first",
  tooLong: `Messages are limited to ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`,
  /** Also what a member who was blocked is told: they are never told they were blocked. */
  notAccepting: "This member is not accepting messages.",
  freeCannotStart: "Free members can reply to messages and write to admins. Upgrade your plan to start a conversation.",
  dailyLimit: (limit: number) => `You can start up to ${limit} new conversations a day. Please try again tomorrow.`,
  newAccountLinks: "Accounts younger than a day cannot send links in a first message. Send it without the link, or try again tomorrow.",
  self: "You cannot send a message to yourself.",
  deletedMember: "This member deleted their account.",
  notFound: "Conversation not found",
  reported: "Thanks. A moderator will read this conversation and decide.",
  alreadyReported: "You already reported this conversation. A moderator will look at it.",
  cannotBlockSelf: "You cannot block yourself.",
  memberNotFound: "Member not found",
  blocked: "Blocked. You will not get messages from this member.",
  unblocked: "Unblocked.",
} as const;

/** The other member of a conversation; `id` null and name "Deleted member" once they deleted their account. */
export const MessagePersonSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  tier: z.enum([...TIERS, "admin"]),
  profilePicture: z.string().nullable(),
});
export type MessagePerson = z.infer<typeof MessagePersonSchema>;

export const DirectMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  fromMe: z.boolean(),
  /** Plain text, rendered as text; null once the sender deleted their account or a moderator hid it. */
  body: z.string().nullable(),
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type DirectMessage = z.infer<typeof DirectMessageSchema>;

export const ConversationSummarySchema = z.object({
  id: z.number().int(),
  other: MessagePersonSchema,
  /** The newest message's opening words. */
  lastMessage: z.object({ excerpt: z.string(), fromMe: z.boolean(), createdAt: z.string() }).nullable(),
  unread: z.number().int(),
  lastMessageAt: z.string(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** GET /api/messages/conversations?cursor=: newest first. */
export const ConversationListQuerySchema = z.object({ cursor: z.string().max(200).optional() });
export const ConversationListSchema = z.object({ conversations: z.array(ConversationSummarySchema), nextCursor: z.string().nullable() });
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** GET /api/messages/unread-count: conversations with unread messages, for the members' navigation. */
export const MessagesUnreadSchema = z.object({ unread: z.number().int() });

/** GET /api/messages/conversations/:id?before=: the newest page, oldest first; `before` reads older ones. */
export const ConversationQuerySchema = z.object({ before: z.coerce.number().int().positive().optional() });
export const ConversationDetailSchema = z.object({
  conversation: ConversationSummarySchema.extend({
    /** The viewer may write here now; otherwise `cannotReply` says why, in the words the composer shows. */
    canReply: z.boolean(),
    cannotReply: z.string().nullable(),
    blockedByMe: z.boolean(),
    reportedByMe: z.boolean(),
  }),
  messages: z.array(DirectMessageSchema),
  /** Pass as `before` for older messages; null at the first message. */
  olderCursor: z.number().int().nullable(),
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

const messageBody = z.string({ error: MESSAGING_MESSAGES.required }).trim().min(1, MESSAGING_MESSAGES.required).max(MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES.tooLong);

/** POST /api/messages/conversations: the first message to a member, or the next one in the conversation the two already have. */
export const StartConversationSchema = z.object({ recipientId: z.string({ error: "Choose who to write to" }).min(1, "Choose who to write to").max(100), body: messageBody });
/** POST /api/messages/conversations/:id/messages. */
export const SendMessageSchema = z.object({ body: messageBody });
export const SentMessageSchema = z.object({ conversationId: z.number().int(), message: DirectMessageSchema });
export type SentMessage = z.infer<typeof SentMessageSchema>;

/** POST /api/messages/conversations/:id/read: everything up to `lastMessageId` was seen. */
export const MarkConversationReadSchema = z.object({ lastMessageId: z.number().int().nonnegative() });

/** GET /api/messages/with/:userId: what "Message" on a profile does. */
export const MessagingAbilitySchema = z.object({
  conversationId: z.number().int().nullable(),
  canStart: z.boolean(),
  /** Why not, in the words the profile shows; null when the viewer can write. */
  reason: z.string().nullable(),
  /** Who the member is, for the page's header; null when there is no such account. */
  person: MessagePersonSchema.nullable(),
});
export type MessagingAbility = z.infer<typeof MessagingAbilitySchema>;

/** GET and PUT /api/messages/settings. */
export const MessagingSettingsSchema = z.object({ acceptsMessages: z.boolean({ error: "Messages must be on or off" }) });
export type MessagingSettings = z.infer<typeof MessagingSettingsSchema>;

/** GET /api/messages/blocks; PUT and DELETE /api/messages/blocks/:userId. */
export const BlockedMemberSchema = z.object({ id: z.string(), name: z.string(), profilePicture: z.string().nullable(), blockedAt: z.string() });
export const BlockListSchema = z.object({ blocked: z.array(BlockedMemberSchema) });
export type BlockList = z.infer<typeof BlockListSchema>;

/** POST /api/messages/conversations/:id/report. */
export const ReportConversationSchema = z.object({
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(3, "Reason must be at least 3 characters")
    .max(500, "Reason is limited to 500 characters"),
});

export const MESSAGE_REPORT_DECISIONS = ["dismissed", "hidden"] as const;
/** POST /api/admin/message-reports/:id/decision: dismiss, or hide the reported member's messages in it; warn and suspend are the members' moderation actions. */
export const MessageReportDecisionSchema = z.object({ decision: z.enum(MESSAGE_REPORT_DECISIONS, { error: "Choose dismiss or hide" }) });

/** GET /api/admin/message-reports: open reports, oldest first. */
export const MessageReportSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  reporter: MessagePersonSchema,
  reported: MessagePersonSchema,
  reason: z.string(),
  createdAt: z.string(),
});
export const MessageReportListSchema = z.object({ reports: z.array(MessageReportSchema) });
export type MessageReport = z.infer<typeof MessageReportSchema>;
/** GET /api/admin/message-reports/:id: the reported conversation only, with who wrote each message. */
export const ReportedConversationSchema = z.object({
  report: MessageReportSchema,
  messages: z.array(DirectMessageSchema.omit({ fromMe: true }).extend({ fromReported: z.boolean() })),
});
export type ReportedConversation = z.infer<typeof ReportedConversationSchema>;


/** Audit log actions of message reports (part of the users contract's AUDIT_ACTIONS). */
export const MESSAGE_AUDIT_ACTIONS = ["dismiss-message-report", "hide-messages"] as const;
export type MessageAuditAction = (typeof MESSAGE_AUDIT_ACTIONS)[number];
export const MESSAGE_AUDIT_LABELS: Record<MessageAuditAction, string> = {
  "dismiss-message-report": "Dismissed reported conversation",
  "hide-messages": "Hid messages of reported conversation",
};

/**
 * The live half (GET /api/notifications/stream, the notification stream): besides `notification`,
 * `read` and `resync`, a `message` event reaches both members' open streams when a message is sent,
 * even when they turned message notifications off. Its data names the message only; the page reads
 * it with GET /api/messages/conversations/:id.
 */
export const MESSAGE_STREAM_EVENT = "message";
export const MessageStreamEventSchema = z.object({ conversationId: z.number().int(), messageId: z.number().int() });
export type MessageStreamEvent = z.infer<typeof MessageStreamEventSchema>;

/** POST /api/messages/conversations/:id/report answers 201 with this; a second open report by the same member is 409 `alreadyReported`. */
export const ReportedSchema = z.object({ message: z.string() });
