import { and, desc, eq, inArray } from "drizzle-orm";
import { PEOPLE_MESSAGES, RECENT_POSTS, type PersonProfile, type RecentPost } from "../../../common/contracts/people";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { communityPosts as posts } from "../community/community.table";
import { postLevelsFor } from "../content/access.policy";
import { badgeOf, canReadText, canSeeProfile, isModerator } from "./people.policy";
import { memberProfiles as profiles } from "./people.table";

const EXCERPT_LENGTH = 200;

/**
 * The member's newest posts the viewer may read: at a level the viewer's tier opens (the community's
 * own rule), never hidden by moderation, and never those posted as "Admin", which would tell who
 * the admin was.
 */
async function recentPostsOf(db: Database, viewer: Viewer, userId: string): Promise<RecentPost[]> {
  const rows = await db
    .select({ id: posts.id, content: posts.content, category: posts.category, createdAt: posts.createdAt, likes: posts.likeCount, replyCount: posts.replyCount })
    .from(posts)
    .where(and(eq(posts.authorId, userId), eq(posts.postedAsAdmin, false), eq(posts.hidden, false), inArray(posts.accessLevel, postLevelsFor(viewer))))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(RECENT_POSTS);
  return rows.map((row) => ({
    id: row.id,
    excerpt: row.content.length > EXCERPT_LENGTH ? `${row.content.slice(0, EXCERPT_LENGTH - 1)}…` : row.content,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
    likes: row.likes,
    replyCount: row.replyCount,
  }));
}

/** A member's profile as `viewer` may see it: whole, with the text withheld, or only "private"; 404 when there is no such account. */
export async function getPersonProfile(db: Database, viewer: Viewer, userId: string): Promise<PersonProfile> {
  const [row] = await db
    .select({ profile: profiles, image: users.image, role: users.role })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId));
  if (!row) throw new AppError("NOT_FOUND", PEOPLE_MESSAGES.notFound);
  const { profile } = row;
  if (!canSeeProfile(viewer, profile)) return { visibility: "private", id: profile.userId, name: profile.name };
  const text = canReadText(viewer, profile);
  return {
    visibility: "shown",
    id: profile.userId,
    name: profile.name,
    profilePicture: row.image,
    badge: badgeOf(row.role, profile.tier),
    memberSince: profile.joinedAt.toISOString(),
    headline: text ? profile.headline : "",
    bio: text ? profile.bio : "",
    building: text ? profile.building : "",
    stage: profile.stage,
    expertise: text ? profile.expertise : [],
    city: text ? profile.city : "",
    country: profile.country,
    website: text ? profile.website : "",
    linkedin: text ? profile.linkedin : "",
    recentPosts: await recentPostsOf(db, viewer, profile.userId),
    isMe: profile.userId === viewer.userId,
    hidden: profile.hidden,
    textHidden: profile.textHiddenAt !== null,
    canModerate: isModerator(viewer),
  };
}
