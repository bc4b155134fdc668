import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { FeedResponse, Post, Reply } from "../../../common/contracts/community";
import type { PostCategory } from "../../../common/content";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { postLevelsFor } from "../content/access.policy";
import { toPost, toReply, type PostRow, type ReplyRow } from "./community-dto";
import { shownPostCondition, shownReplyCondition } from "./community-visibility";
import { communityPosts, communityReplies, postLikes, replyLikes } from "./community.table";
import { communityFlags } from "./moderation.table";
import { decodeFeedCursor, encodeFeedCursor, type FeedCursor } from "./feed-cursor";

/** Replies carried by each post of a feed page; the rest come from GET /posts/:id/replies. */
export const REPLIES_PER_POST = 50;

const posts = communityPosts;
const replies = communityReplies;

/**
 * Up to `limit` posts matching `filter` in feed order, with their author and the viewer's like, in
 * one statement (a fresh builder per call). The page is cut from community_posts alone before the
 * joins, so whatever the planner guesses about the cursor, it walks the index and stops at `limit`
 * instead of joining and sorting everything after the cursor.
 */
function selectPosts(db: Database, viewer: Viewer, filter: SQL | undefined, limit: number) {
  const page = db
    .select()
    .from(posts)
    .where(filter)
    .orderBy(desc(posts.featured), desc(posts.createdAt), desc(posts.id))
    .limit(limit)
    .as("page");
  return db
    .select({
      id: page.id,
      authorId: page.authorId,
      postedAsAdmin: page.postedAsAdmin,
      content: page.content,
      category: page.category,
      accessLevel: page.accessLevel,
      featured: page.featured,
      locked: page.locked,
      hidden: page.hidden,
      likeCount: page.likeCount,
      replyCount: page.replyCount,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      cursorAt: sql<string>`to_char(${page.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      authorName: users.name,
      authorTier: users.membershipTier,
      authorImage: users.image,
      likedByMe: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${page.id} and ${postLikes.userId} = ${viewer.userId})`,
      flaggedByMe: sql<boolean>`exists (select 1 from ${communityFlags} where ${communityFlags.postId} = ${page.id} and ${communityFlags.userId} = ${viewer.userId})`,
    })
    .from(page)
    .leftJoin(users, eq(users.id, page.authorId))
    .orderBy(desc(page.featured), desc(page.createdAt), desc(page.id));
}

/** Replies with their author and the viewer's like. */
function selectReplies(db: Database, viewer: Viewer) {
  return db
    .select({
      id: replies.id,
      postId: replies.postId,
      authorId: replies.authorId,
      postedAsAdmin: replies.postedAsAdmin,
      content: replies.content,
      hidden: replies.hidden,
      likeCount: replies.likeCount,
      createdAt: replies.createdAt,
      updatedAt: replies.updatedAt,
      authorName: users.name,
      authorTier: users.membershipTier,
      authorImage: users.image,
      likedByMe: sql<boolean>`exists (select 1 from ${replyLikes} where ${replyLikes.replyId} = ${replies.id} and ${replyLikes.userId} = ${viewer.userId})`,
      flaggedByMe: sql<boolean>`exists (select 1 from ${communityFlags} where ${communityFlags.replyId} = ${replies.id} and ${communityFlags.userId} = ${viewer.userId})`,
    })
    .from(replies)
    .leftJoin(users, eq(users.id, replies.authorId));
}

export interface FeedQuery {
  category: "all" | PostCategory;
  cursor?: string;
  limit: number;
}

/**
 * One page of the feed: featured first, then newest. The level filter and the keyset condition
 * stay in SQL so community_posts_feed_idx (or its per-category twin) serves the order and the limit.
 */
export function feedPageQuery(db: Database, viewer: Viewer, query: FeedQuery) {
  const after: FeedCursor | null = query.cursor ? decodeFeedCursor(query.cursor) : null;
  const conditions: (SQL | undefined)[] = [
    inArray(posts.accessLevel, postLevelsFor(viewer)),
    shownPostCondition(viewer),
    query.category === "all" ? undefined : eq(posts.category, query.category),
    after ? afterCursor(after) : undefined,
  ];
  return selectPosts(db, viewer, and(...conditions), query.limit + 1);
}

/**
 * The posts after `cursor` in feed order, as conditions both feed indexes can seek on. PostgreSQL
 * estimates a row comparison from its first column alone, so past the featured posts
 * `(featured, ...) < (false, ...)` would look empty and the planner would pick a bad index;
 * `featured = false and (created_at, id) < (...)` says the same and is estimated right.
 */
function afterCursor(cursor: FeedCursor): SQL | undefined {
  if (cursor.featured) {
    return sql`(${posts.featured}, ${posts.createdAt}, ${posts.id}) < (true, ${cursor.createdAt}::timestamptz, ${cursor.id}::integer)`;
  }
  return and(eq(posts.featured, false), sql`(${posts.createdAt}, ${posts.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::integer)`);
}

export async function readFeed(db: Database, viewer: Viewer, query: FeedQuery): Promise<FeedResponse> {
  const rows = await feedPageQuery(db, viewer, query);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeFeedCursor({ featured: last.featured, createdAt: last.cursorAt, id: last.id }) : null;
  return { posts: await withReplies(db, viewer, page), nextCursor };
}

/** One post as the feed shows it, or null when it does not exist. Visibility is the caller's check. */
export async function readPost(db: Database, viewer: Viewer, id: number): Promise<Post | null> {
  const rows = await selectPosts(db, viewer, eq(posts.id, id), 1);
  const [post] = await withReplies(db, viewer, rows);
  return post ?? null;
}

/** Every reply of a post, oldest first. */
export async function readAllReplies(db: Database, viewer: Viewer, postId: number): Promise<Reply[]> {
  const rows = await selectReplies(db, viewer).where(and(eq(replies.postId, postId), shownReplyCondition(viewer))).orderBy(asc(replies.createdAt), asc(replies.id));
  return rows.map((row) => toReply(row, viewer));
}

export async function readReply(db: Database, viewer: Viewer, id: number): Promise<Reply | null> {
  const [row] = await selectReplies(db, viewer).where(eq(replies.id, id));
  return row ? toReply(row, viewer) : null;
}

/**
 * The first REPLIES_PER_POST replies of each post, oldest first, in one statement however many
 * posts: a lateral join looks up each post's replies through community_replies_post_idx.
 */
export function firstRepliesQuery(db: Database, viewer: Viewer, postIds: number[]) {
  const firstOfPost = db
    .select({ id: replies.id })
    .from(replies)
    .where(and(eq(replies.postId, posts.id), shownReplyCondition(viewer)))
    .orderBy(asc(replies.createdAt), asc(replies.id))
    .limit(REPLIES_PER_POST)
    .as("first_replies");
  const cappedIds = db.select({ id: firstOfPost.id }).from(posts).crossJoinLateral(firstOfPost).where(inArray(posts.id, postIds));
  return selectReplies(db, viewer)
    .where(inArray(replies.id, cappedIds))
    .orderBy(asc(replies.createdAt), asc(replies.id));
}

async function withReplies(db: Database, viewer: Viewer, rows: PostRow[]): Promise<Post[]> {
  if (rows.length === 0) return [];
  const replyRows: ReplyRow[] = await firstRepliesQuery(db, viewer, rows.map((row) => row.id));
  const byPost = new Map<number, Reply[]>();
  for (const row of replyRows) {
    const list = byPost.get(row.postId) ?? [];
    list.push(toReply(row, viewer));
    byPost.set(row.postId, list);
  }
  return rows.map((row) => toPost(row, byPost.get(row.id) ?? [], viewer));
}
