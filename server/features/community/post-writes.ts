import { eq } from "drizzle-orm";
import { forgetPost } from "./community-notifications";
import type { z } from "zod";
import type { AdminPostEditSchema, AdminPostInputSchema, Post, PostInputSchema } from "../../../common/contracts/community";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { assertCanEdit, POST_NOT_FOUND, visiblePost } from "./community-access";
import { readPost } from "./community-reads";
import { communityPosts } from "./community.table";

type MemberPost = z.output<typeof PostInputSchema>;
type AdminPost = z.output<typeof AdminPostInputSchema>;
/** Member edits parse to a subset of this (content, category); admins may also move level and featured. */
type PostChange = z.output<typeof AdminPostEditSchema>;

/** A member's post: open to every member and never featured, whatever else the body carried. */
export async function createMemberPost(db: Database, viewer: Viewer, input: MemberPost): Promise<Post> {
  const [row] = await db
    .insert(communityPosts)
    .values({ authorId: viewer.userId, content: input.content, category: input.category, accessLevel: "all", featured: false, postedAsAdmin: false })
    .returning({ id: communityPosts.id });
  return readCreated(db, viewer, row?.id);
}

/** The admin area's post form: shown as written by "Admin". */
export async function createAdminPost(db: Database, viewer: Viewer, input: AdminPost): Promise<Post> {
  const [row] = await db
    .insert(communityPosts)
    .values({ authorId: viewer.userId, content: input.content, category: input.category, accessLevel: input.accessLevel, featured: input.featured, postedAsAdmin: true })
    .returning({ id: communityPosts.id });
  return readCreated(db, viewer, row?.id);
}

export async function editPost(db: Database, viewer: Viewer, id: number, change: PostChange): Promise<Post> {
  const post = await visiblePost(db, viewer, id, false, "author");
  assertCanEdit(viewer, post.authorId);
  const updated = await db
    .update(communityPosts)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(communityPosts.id, id))
    .returning({ id: communityPosts.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  return readCreated(db, viewer, id);
}

/** Replies and likes go with the post (foreign keys cascade). */
export async function deletePost(db: Database, viewer: Viewer, id: number): Promise<void> {
  const post = await visiblePost(db, viewer, id, false, "author");
  assertCanEdit(viewer, post.authorId);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await txDb.delete(communityPosts).where(eq(communityPosts.id, id));
    await forgetPost(txDb, id);
  });
}

async function readCreated(db: Database, viewer: Viewer, id: number | undefined): Promise<Post> {
  const post = id === undefined ? null : await readPost(db, viewer, id);
  if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  return post;
}
