import { z } from "zod";
import { CONTENT_LEVELS, POST_CATEGORIES } from "../content";
import { TIERS } from "../tiers";

export const POST_MAX_LENGTH = 5000;

/** Who wrote a post or reply; `id` null and name "Deleted member" once the account is gone, name "Admin" for admin posts. */
export const PostAuthorSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  tier: z.enum([...TIERS, "admin"]),
  profilePicture: z.string().nullable(),
});
export type PostAuthor = z.infer<typeof PostAuthorSchema>;

export const ReplySchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  author: PostAuthorSchema,
  /** Plain text; the browser renders it as text, never as markup. */
  content: z.string(),
  createdAt: z.string(),
  /** Later than createdAt once the author edited it ("edited"). */
  updatedAt: z.string(),
  likes: z.number().int(),
  likedByMe: z.boolean(),
  canEdit: z.boolean(),
  /** Only admins ever receive hidden replies. */
  hidden: z.boolean(),
  flaggedByMe: z.boolean(),
});
export type Reply = z.infer<typeof ReplySchema>;

export const PostSchema = z.object({
  id: z.number().int(),
  author: PostAuthorSchema,
  content: z.string(),
  category: z.enum(POST_CATEGORIES),
  accessLevel: z.enum(CONTENT_LEVELS),
  /** Pinned: shown first. */
  featured: z.boolean(),
  /** No new replies. */
  locked: z.boolean(),
  /** Only admins ever receive hidden posts. */
  hidden: z.boolean(),
  flaggedByMe: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  likes: z.number().int(),
  likedByMe: z.boolean(),
  replyCount: z.number().int(),
  /** Oldest first. */
  replies: z.array(ReplySchema),
  canEdit: z.boolean(),
});
export type Post = z.infer<typeof PostSchema>;

/** GET /api/community/posts?category=&cursor=: featured first, then newest; `nextCursor` fetches the next page. */
export const FeedQuerySchema = z.object({
  category: z.enum(["all", ...POST_CATEGORIES]).default("all"),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const FeedResponseSchema = z.object({ posts: z.array(PostSchema), nextCursor: z.string().nullable() });
export type FeedResponse = z.infer<typeof FeedResponseSchema>;

/** Post and reply text: trimmed, so blank text is refused rather than stored. */
const textField = (noun: "Post" | "Reply") =>
  z
    .string({ error: `${noun} content is required` })
    .trim()
    .min(1, `${noun} content is required`)
    .max(POST_MAX_LENGTH, `${noun}s are limited to ${POST_MAX_LENGTH} characters`);

/** Members a post or reply may mention; more "@" than this are not looked up. */
export const MAX_MENTIONS = 10;
/**
 * The members the writer picked from the mention list, by id: how one of two members with the same
 * full name is mentioned. Only those whose "@Full Name" is in the text are notified.
 */
const mentionsField = z.array(z.string().min(1).max(100)).max(MAX_MENTIONS, `A post or reply may mention up to ${MAX_MENTIONS} members`).optional();

/** POST /api/community/posts (members). */
export const PostInputSchema = z.object({ content: textField("Post"), category: z.enum(POST_CATEGORIES).default("general"), mentions: mentionsField });
/** POST /api/admin/community/posts: the spec's post form (content, category, access level, featured). */
export const AdminPostInputSchema = PostInputSchema.extend({
  accessLevel: z.enum(CONTENT_LEVELS).default("all"),
  featured: z.boolean().default(false),
});
export type PostInput = z.input<typeof PostInputSchema>;
export type AdminPostInput = z.input<typeof AdminPostInputSchema>;

/**
 * PATCH /api/community/posts/:id: the same bodies as above, but a field left out keeps its value
 * (a default here would quietly reset an edited post's category, level or featured flag).
 */
export const PostEditSchema = z.object({ content: textField("Post"), category: z.enum(POST_CATEGORIES).optional(), mentions: mentionsField });
export const AdminPostEditSchema = PostEditSchema.extend({
  accessLevel: z.enum(CONTENT_LEVELS).optional(),
  featured: z.boolean().optional(),
});
export type PostEdit = z.input<typeof PostEditSchema>;
export type AdminPostEdit = z.input<typeof AdminPostEditSchema>;

/** POST /api/community/posts/:id/replies and PATCH /api/community/replies/:id. */
export const ReplyInputSchema = z.object({ content: textField("Reply"), mentions: mentionsField });
export type ReplyInput = z.infer<typeof ReplyInputSchema>;

/** GET /api/community/mention-suggestions?q=: active members whose name (or a word of it) starts with q, for the mention list. */
export const MentionSuggestionQuerySchema = z.object({ q: z.string().trim().min(1).max(80) });
/** Enough to tell two members of the same name apart (picture, plan, when they joined); never an email address. */
export const MentionSuggestionSchema = z.object({ id: z.string(), name: z.string(), tier: z.enum([...TIERS, "admin"]), profilePicture: z.string().nullable(), memberSince: z.string() });
export type MentionSuggestion = z.infer<typeof MentionSuggestionSchema>;
export const MentionSuggestionsSchema = z.object({ members: z.array(MentionSuggestionSchema) });
export type MentionSuggestions = z.infer<typeof MentionSuggestionsSchema>;

/** Answer of the like toggles. */
export const LikeResponseSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export type LikeResponse = z.infer<typeof LikeResponseSchema>;

/** The moderation texts members and admins see; the server sends them, the browser shows them. */
export const MODERATION_MESSAGES = {
  locked: "This discussion is locked. No new replies can be added.",
  alreadyFlagged: "You have already flagged this.",
  ownItem: "You cannot flag your own post or reply.",
  suspended: (until: string) => `Your account is suspended from the community until ${until}. You cannot post, reply or like until then.`,
  dailyLimit: (limit: number) => `You have reached your limit of ${limit} posts and replies a day. Please try again later.`,
  notSuspended: "This member is not suspended.",
  flaggingTooFast: "You are flagging too quickly. Please wait a minute and try again.",
  dailyFlagLimit: (limit: number) => `You have reached your limit of ${limit} flags a day. Please try again tomorrow.`,
  /** Told to the author, on the item and by email, when members' flags hid it. */
  hiddenForReview: (kind: "post" | "reply") =>
    `Members flagged your ${kind}, so it is hidden from everyone else until a moderator reviews it. You can edit it to fix what may be wrong, or wait for the review: the moderator will show it again or keep it hidden.`,
} as const;

/** The weight of open flags that hides a post or reply: three established paying members (server/features/community/flag-weight.ts). */
export const FLAG_THRESHOLD = 3;

/** POST /api/community/posts/:id/flag and /api/community/replies/:id/flag. */
export const FlagInputSchema = z.object({
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(3, "Reason must be at least 3 characters")
    .max(500, "Reason is limited to 500 characters"),
});
export type FlagInput = z.infer<typeof FlagInputSchema>;

/** PATCH /api/admin/community/posts/:id/moderation: pin (shown first) and lock (no new replies). */
export const PostModerationSchema = z
  .object({ pinned: z.boolean().optional(), locked: z.boolean().optional() })
  .refine((value) => value.pinned !== undefined || value.locked !== undefined, { message: "Pinned or locked is required", path: ["pinned"] });
export type PostModeration = z.infer<typeof PostModerationSchema>;

export const MODERATION_DECISIONS = ["approve", "hide", "delete"] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];
/** POST /api/admin/moderation/{posts|replies}/:id/decision. */
export const ModerationDecisionSchema = z.object({ decision: z.enum(MODERATION_DECISIONS) });

export const MAX_SUSPENSION_DAYS = 365;
/** POST /api/admin/moderation/members/:userId/action: warn, or suspend for `days`, with a message mailed to the member. */
export const MemberActionSchema = z
  .object({
    action: z.enum(["warn", "suspend"]),
    days: z.number().int().min(1, "Days must be a whole number from 1 to 365").max(MAX_SUSPENSION_DAYS, "Days must be a whole number from 1 to 365").optional(),
    message: z.string({ error: "Message is required" }).trim().min(1, "Message is required").max(2000, "Message is limited to 2000 characters"),
  })
  .refine((value) => value.action !== "suspend" || value.days !== undefined, { message: "Days is required to suspend", path: ["days"] });
export type MemberAction = z.input<typeof MemberActionSchema>;
export const MemberActionResultSchema = z.object({ suspendedUntil: z.string().nullable() });
export type MemberActionResult = z.infer<typeof MemberActionResultSchema>;

export const FlagSchema = z.object({ by: z.string(), reason: z.string(), createdAt: z.string() });
/** One item of the moderation queue: a post or reply with open flags, oldest first. */
export const ModerationItemSchema = z.object({
  kind: z.enum(["post", "reply"]),
  id: z.number().int(),
  postId: z.number().int(),
  content: z.string(),
  author: PostAuthorSchema,
  authorEmail: z.string().nullable(),
  authorSuspendedUntil: z.string().nullable(),
  hidden: z.boolean(),
  createdAt: z.string(),
  flags: z.array(FlagSchema),
});
export type ModerationItem = z.infer<typeof ModerationItemSchema>;
/** GET /api/admin/moderation/queue?page=&pageSize=: items by their oldest open flag, with the total for the pager. */
export const ModerationQueueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ModerationQueueSchema = z.object({ items: z.array(ModerationItemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

/** Audit log actions of community moderation (part of the users contract's AUDIT_ACTIONS). */
export const MODERATION_AUDIT_ACTIONS = ["moderate-approve", "moderate-hide", "moderate-delete", "warn-member", "suspend-member", "lift-suspension", "pin-post", "unpin-post", "lock-post", "unlock-post"] as const;
export type ModerationAuditAction = (typeof MODERATION_AUDIT_ACTIONS)[number];
export const MODERATION_AUDIT_LABELS: Record<ModerationAuditAction, string> = {
  "moderate-approve": "Approved flagged post or reply",
  "moderate-hide": "Hid post or reply",
  "moderate-delete": "Deleted post or reply",
  "warn-member": "Warned member",
  "suspend-member": "Suspended member",
  "lift-suspension": "Lifted suspension",
  "pin-post": "Pinned post",
  "unpin-post": "Unpinned post",
  "lock-post": "Locked post",
  "unlock-post": "Unlocked post",
};

/** GET /api/community/standing: whether the viewer may take part now, and the admin's message when not. */
export const CommunityStandingSchema = z.object({ suspendedUntil: z.string().nullable(), message: z.string().nullable() });
export type CommunityStanding = z.infer<typeof CommunityStandingSchema>;
