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
  likes: z.number().int(),
  likedByMe: z.boolean(),
  canEdit: z.boolean(),
});
export type Reply = z.infer<typeof ReplySchema>;

export const PostSchema = z.object({
  id: z.number().int(),
  author: PostAuthorSchema,
  content: z.string(),
  category: z.enum(POST_CATEGORIES),
  accessLevel: z.enum(CONTENT_LEVELS),
  featured: z.boolean(),
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

/** POST /api/community/posts (members). */
export const PostInputSchema = z.object({ content: textField("Post"), category: z.enum(POST_CATEGORIES).default("general") });
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
export const PostEditSchema = z.object({ content: textField("Post"), category: z.enum(POST_CATEGORIES).optional() });
export const AdminPostEditSchema = PostEditSchema.extend({
  accessLevel: z.enum(CONTENT_LEVELS).optional(),
  featured: z.boolean().optional(),
});
export type PostEdit = z.input<typeof PostEditSchema>;
export type AdminPostEdit = z.input<typeof AdminPostEditSchema>;

/** POST /api/community/posts/:id/replies and PATCH /api/community/replies/:id. */
export const ReplyInputSchema = z.object({ content: textField("Reply") });
export type ReplyInput = z.infer<typeof ReplyInputSchema>;

/** Answer of the like toggles. */
export const LikeResponseSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export type LikeResponse = z.infer<typeof LikeResponseSchema>;
