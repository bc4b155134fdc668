import { CONTENT_MESSAGES, type ContentLevel, type PostCategory } from "../../../common/content";
import type { Post, PostAuthor, Reply } from "../../../common/contracts/community";
import type { Tier } from "../../../common/tiers";
import type { Viewer } from "../../auth/viewer";
import { isContentAdmin } from "../content/access.policy";

/** The author columns every post and reply read selects (users joined on author_id). */
export interface AuthorColumns {
  authorId: string | null;
  postedAsAdmin: boolean;
  authorName: string | null;
  authorTier: Tier | null;
  authorImage: string | null;
}

export interface PostRow extends AuthorColumns {
  id: number;
  content: string;
  category: PostCategory;
  accessLevel: ContentLevel;
  featured: boolean;
  locked: boolean;
  hidden: boolean;
  likeCount: number;
  replyCount: number;
  createdAt: Date;
  updatedAt: Date;
  likedByMe: boolean;
  flaggedByMe: boolean;
}

export interface ReplyRow extends AuthorColumns {
  id: number;
  postId: number;
  content: string;
  hidden: boolean;
  likeCount: number;
  createdAt: Date;
  updatedAt: Date;
  likedByMe: boolean;
  flaggedByMe: boolean;
}

const ADMIN_AUTHOR: PostAuthor = { id: null, name: CONTENT_MESSAGES.adminAuthor, tier: "admin", profilePicture: null };
const DELETED_AUTHOR: PostAuthor = { id: null, name: CONTENT_MESSAGES.deletedMember, tier: "free", profilePicture: null };

/** Admin posts never reveal which admin wrote them; a deleted account leaves only "Deleted member". */
export function toAuthor(row: AuthorColumns): PostAuthor {
  if (row.postedAsAdmin) return ADMIN_AUTHOR;
  if (row.authorId === null || row.authorName === null || row.authorTier === null) return DELETED_AUTHOR;
  return { id: row.authorId, name: row.authorName, tier: row.authorTier, profilePicture: row.authorImage };
}

/** Authors edit and delete their own words; admins moderate everything. */
export const canEditAs = (viewer: Viewer, authorId: string | null): boolean => authorId === viewer.userId || isContentAdmin(viewer);

export function toReply(row: ReplyRow, viewer: Viewer): Reply {
  return {
    id: row.id,
    postId: row.postId,
    author: toAuthor(row),
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    likes: row.likeCount,
    likedByMe: row.likedByMe,
    canEdit: canEditAs(viewer, row.authorId),
    hidden: row.hidden,
    flaggedByMe: row.flaggedByMe,
  };
}

export function toPost(row: PostRow, replies: Reply[], viewer: Viewer): Post {
  return {
    id: row.id,
    author: toAuthor(row),
    content: row.content,
    category: row.category,
    accessLevel: row.accessLevel,
    featured: row.featured,
    locked: row.locked,
    hidden: row.hidden,
    flaggedByMe: row.flaggedByMe,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    likes: row.likeCount,
    likedByMe: row.likedByMe,
    replyCount: row.replyCount,
    replies,
    canEdit: canEditAs(viewer, row.authorId),
  };
}
