import { eq, sql } from "drizzle-orm";
import type { AdminPostInput, FeedResponse, Post, Reply } from "../../../common/contracts/community";
import type { Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import { memberCookie, sendJson, type TestApp } from "../../test/build-test-app";

/** A member whose account is `days` old (30 by default): a paying one's flags count towards hiding. */
export async function seasonedMember(t: TestApp, tier: Tier = "inventor", name?: string, days = 30) {
  const member = await memberCookie(t, tier, name);
  await t.database.db.update(users).set({ createdAt: sql`now() - make_interval(days => ${days})` }).where(eq(users.id, member.userId));
  t.viewers.forgetUser(member.userId);
  return member;
}

/** HTTP helpers shared by the community tests: every call goes through the real routes. */
export function communityClient(t: TestApp) {
  const feed = async (cookie: string, query = ""): Promise<FeedResponse> => {
    const response = await t.app.inject({ url: `/api/community/posts${query ? `?${query}` : ""}`, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`feed failed: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  return {
    feed,
    /** Every post the viewer can page through, following nextCursor. */
    async allPages(cookie: string, query = "limit=50"): Promise<Post[]> {
      const seen: Post[] = [];
      let cursor: string | null = null;
      do {
        const page: FeedResponse = await feed(cookie, cursor ? `${query}&cursor=${encodeURIComponent(cursor)}` : query);
        seen.push(...page.posts);
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    },
    async post(cookie: string, content: string, category?: string): Promise<Post> {
      const response = await sendJson(t.app, "POST", "/api/community/posts", { content, ...(category ? { category } : {}) }, cookie);
      if (response.statusCode !== 201) throw new Error(`post failed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async adminPost(cookie: string, input: AdminPostInput): Promise<Post> {
      const response = await sendJson(t.app, "POST", "/api/admin/community/posts", input, cookie);
      if (response.statusCode !== 201) throw new Error(`admin post failed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async reply(cookie: string, postId: number, content: string): Promise<Reply> {
      const response = await sendJson(t.app, "POST", `/api/community/posts/${postId}/replies`, { content }, cookie);
      if (response.statusCode !== 201) throw new Error(`reply failed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
  };
}
