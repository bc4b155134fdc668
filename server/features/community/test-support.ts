import type { AdminPostInput, FeedResponse, Post, Reply } from "../../../common/contracts/community";
import { sendJson, type TestApp } from "../../test/build-test-app";

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
