import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_LEVELS, CONTENT_MESSAGES, type ContentLevel } from "../../../common/content";
import type { FeedResponse, Reply } from "../../../common/contracts/community";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, sendJson, type TestApp, type TestAudience } from "../../test/build-test-app";
import { countingStatements } from "../../test/statement-count";
import { REPLIES_PER_POST } from "./community-reads";
import { communityPosts, communityReplies } from "./community.table";
import { communityClient } from "./test-support";

let t: TestApp;
let admin: string;
let api: ReturnType<typeof communityClient>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
  api = communityClient(t);
});
afterAll(() => t.close());

describe("the feed", () => {
  it("shows members each other's posts with name, tier and picture", async () => {
    const ada = await memberCookie(t, "inventor", "Ada Inventor");
    const ben = await memberCookie(t, "free", "Ben Free");
    await t.database.db.update(users).set({ image: "https://example.com/ada.png" }).where(eq(users.id, ada.userId));
    const fromAda = await api.post(ada.cookie, "Looking for a manufacturer in Ohio", "manufacturing");
    const fromBen = await api.post(ben.cookie, "First prototype done!");

    const seenByBen = (await api.feed(ben.cookie)).posts;
    const adaPost = seenByBen.find((post) => post.id === fromAda.id);
    expect(adaPost).toMatchObject({
      content: "Looking for a manufacturer in Ohio",
      category: "manufacturing",
      accessLevel: "all",
      featured: false,
      likes: 0,
      likedByMe: false,
      replyCount: 0,
      replies: [],
      canEdit: false,
      author: { id: ada.userId, name: "Ada Inventor", tier: "inventor", profilePicture: "https://example.com/ada.png" },
    });
    const seenByAda = (await api.feed(ada.cookie)).posts;
    expect(seenByAda.find((post) => post.id === fromBen.id)).toMatchObject({ author: { id: ben.userId, name: "Ben Free", tier: "free" }, canEdit: false });
    expect(seenByAda.find((post) => post.id === fromAda.id)?.canEdit).toBe(true);
  });

  it("answers 401 to visitors and 403 to deactivated members", async () => {
    expect((await t.app.inject({ url: "/api/community/posts" })).statusCode).toBe(401);
    const member = await memberCookie(t, "brand-ceo");
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, member.userId));
    t.viewers.forgetUser(member.userId);
    expect((await t.app.inject({ url: "/api/community/posts", headers: { cookie: member.cookie } })).statusCode).toBe(403);
  });

  it("filters by category and refuses unknown categories, bad limits and forged cursors", async () => {
    const member = await memberCookie(t, "free");
    const funding = await api.post(member.cookie, "Angel or crowdfunding?", "funding");
    const scaling = await api.post(member.cookie, "Hiring our first rep", "scaling");
    const onlyFunding = (await api.feed(member.cookie, "category=funding&limit=50")).posts;
    expect(onlyFunding.map((post) => post.id)).toContain(funding.id);
    expect(onlyFunding.every((post) => post.category === "funding")).toBe(true);
    expect(onlyFunding.map((post) => post.id)).not.toContain(scaling.id);

    const bad = (query: string) => t.app.inject({ url: `/api/community/posts?${query}`, headers: { cookie: member.cookie } });
    expect((await bad("category=astrology")).statusCode).toBe(400);
    expect((await bad("limit=51")).statusCode).toBe(400);
    const forged = [
      "not-a-cursor",
      Buffer.from("[1,\"2025-02-30T00:00:00.000000Z\",5]").toString("base64url"),
      Buffer.from("[1,\"yesterday\",5]").toString("base64url"),
      Buffer.from("[2,\"2025-01-01T00:00:00.000000Z\",5]").toString("base64url"),
      Buffer.from("[1,\"2025-01-01T00:00:00.000000Z\",99999999999]").toString("base64url"),
      Buffer.from("{\"id\":1}").toString("base64url"),
    ];
    for (const cursor of forged) {
      const response = await bad(`cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("shows each tier only the levels it opens; admins see everything", async () => {
    const tag = `levels-${Date.now()}`;
    const byLevel = new Map<ContentLevel, number>();
    for (const accessLevel of CONTENT_LEVELS) {
      byLevel.set(accessLevel, (await api.adminPost(admin, { content: `${tag} ${accessLevel}`, accessLevel })).id);
    }
    const expected: Record<TestAudience, ContentLevel[]> = {
      free: ["all"],
      inventor: ["all", "inventor"],
      entrepreneur: ["all", "inventor", "entrepreneur"],
      "brand-ceo": ["all", "inventor", "entrepreneur", "brand-ceo"],
      admin: ["all", "inventor", "entrepreneur", "brand-ceo"],
    };
    for (const [audience, levels] of Object.entries(expected) as [TestAudience, ContentLevel[]][]) {
      const { cookie } = await memberCookie(t, audience);
      const seen = (await api.allPages(cookie)).filter((post) => post.content.startsWith(tag));
      expect(seen.map((post) => post.accessLevel).sort(), audience).toEqual([...levels].sort());
      for (const level of CONTENT_LEVELS) {
        const id = byLevel.get(level);
        const replies = await t.app.inject({ url: `/api/community/posts/${id}/replies`, headers: { cookie } });
        expect(replies.statusCode, `${audience} replies of ${level}`).toBe(levels.includes(level) ? 200 : 403);
      }
    }
  });

  it("pages through every post exactly once, featured first, then newest, ties broken by id", async () => {
    const { cookie } = await memberCookie(t, "brand-ceo");
    // Same millisecond, different microseconds, and exact ties: a cursor that kept only milliseconds would skip or repeat these.
    const stamps = ["2024-03-01T10:00:00.000100Z", "2024-03-01T10:00:00.000200Z", "2024-03-01T10:00:00.000200Z", "2024-03-01T10:00:00.000900Z"];
    const rows = Array.from({ length: 23 }, (_, index) => ({
      content: `paging ${index}`,
      category: "scaling" as const,
      featured: index % 7 === 0,
      accessLevel: CONTENT_LEVELS[index % 4],
      createdAt: sql`${stamps[index % stamps.length]}::timestamptz + make_interval(days => ${index % 3})`,
    }));
    await t.database.db.insert(communityPosts).values(rows);
    const inserted = await t.database.db
      .select({ id: communityPosts.id, featured: communityPosts.featured, at: sql<string>`to_char(${communityPosts.createdAt}, 'YYYYMMDDHH24MISSUS')` })
      .from(communityPosts)
      .where(eq(communityPosts.category, "scaling"));
    const expectedOrder = [...inserted]
      .sort((a, b) => Number(b.featured) - Number(a.featured) || b.at.localeCompare(a.at) || b.id - a.id)
      .map((post) => post.id);

    const pageSizes: number[] = [];
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: FeedResponse = await api.feed(cookie, `category=scaling&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      pageSizes.push(page.posts.length);
      seen.push(...page.posts.map((post) => post.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expectedOrder);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pageSizes.slice(0, -1).every((size) => size === 4)).toBe(true);
    expect(inserted.filter((post) => post.featured).length).toBeGreaterThan(1);

    const defaultPage = await api.feed(cookie);
    expect(defaultPage.posts.length).toBeLessThanOrEqual(20);
  });

  it("carries the oldest 50 replies of each post, and all of them on request", async () => {
    const member = await memberCookie(t, "inventor");
    const post = await api.adminPost(admin, { content: "Many replies", category: "marketing" });
    await t.database.db.insert(communityReplies).values(
      Array.from({ length: REPLIES_PER_POST + 5 }, (_, index) => ({
        postId: post.id,
        content: `reply ${index}`,
        createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, index)),
      })),
    );
    await t.database.db.update(communityPosts).set({ replyCount: REPLIES_PER_POST + 5 }).where(eq(communityPosts.id, post.id));

    const inFeed = (await api.feed(member.cookie, "category=marketing&limit=50")).posts.find((item) => item.id === post.id);
    expect(inFeed?.replyCount).toBe(REPLIES_PER_POST + 5);
    expect(inFeed?.replies.map((reply) => reply.content)).toEqual(Array.from({ length: REPLIES_PER_POST }, (_, index) => `reply ${index}`));
    const all = await t.app.inject({ url: `/api/community/posts/${post.id}/replies`, headers: { cookie: member.cookie } });
    const replies: Reply[] = all.json().replies;
    expect(replies.map((reply) => reply.content)).toEqual(Array.from({ length: REPLIES_PER_POST + 5 }, (_, index) => `reply ${index}`));
    expect((await t.app.inject({ url: "/api/community/posts/2147483647/replies", headers: { cookie: member.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/community/posts/abc/replies", headers: { cookie: member.cookie } })).statusCode).toBe(400);
  });

  it("reads a page in the same few statements however many posts and replies it holds", async () => {
    const { cookie } = await memberCookie(t, "brand-ceo");
    const many = await Promise.all(Array.from({ length: 12 }, (_, index) => api.adminPost(admin, { content: `counted ${index}`, category: "product-development" })));
    await t.database.db.insert(communityReplies).values(many.flatMap((post) => [0, 1, 2].map((n) => ({ postId: post.id, content: `r${n}` }))));
    const statementsFor = async (limit: number) => {
      const { result: page, statements } = await countingStatements(t.database.db, () => api.feed(cookie, `category=product-development&limit=${limit}`));
      expect(page.posts).toHaveLength(limit);
      expect(page.posts.every((post) => post.replies.length === 3)).toBe(true);
      return statements;
    };
    const small = await statementsFor(2);
    const large = await statementsFor(12);
    expect(small).toBeGreaterThanOrEqual(2);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(3);
  });
});

describe("authors", () => {
  it("shows admin posts as Admin without revealing which admin wrote them", async () => {
    const member = await memberCookie(t, "free");
    const post = await api.adminPost(admin, { content: "Welcome to the community!", category: "general", featured: true });
    expect(post.author).toEqual({ id: null, name: CONTENT_MESSAGES.adminAuthor, tier: "admin", profilePicture: null });
    const seen = (await api.feed(member.cookie)).posts.find((item) => item.id === post.id);
    expect(seen?.author).toEqual({ id: null, name: "Admin", tier: "admin", profilePicture: null });
    expect(seen?.featured).toBe(true);
    expect((await sendJson(t.app, "POST", "/api/admin/community/posts", { content: "sneaky" }, member.cookie)).statusCode).toBe(403);
    expect((await sendJson(t.app, "POST", "/api/admin/community/posts", { content: "sneaky" })).statusCode).toBe(401);
  });

  it("keeps a deleted member's posts and replies under Deleted member", async () => {
    const leaving = await memberCookie(t, "entrepreneur", "Leaving Member");
    const reader = await memberCookie(t, "free");
    const post = await api.post(leaving.cookie, "I will be gone soon");
    const reply = await api.reply(leaving.cookie, post.id, "Goodbye");
    await t.database.db.delete(users).where(eq(users.id, leaving.userId));

    const seen = (await api.feed(reader.cookie)).posts.find((item) => item.id === post.id);
    const deleted = { id: null, name: CONTENT_MESSAGES.deletedMember, tier: "free", profilePicture: null };
    expect(seen?.author).toEqual(deleted);
    expect(seen?.content).toBe("I will be gone soon");
    expect(seen?.replies.find((item) => item.id === reply.id)?.author).toEqual(deleted);
    const adminView = (await api.feed(admin)).posts.find((item) => item.id === post.id);
    expect(adminView?.canEdit).toBe(true);
  });
});

describe("text", () => {
  it("sends markup back verbatim as JSON text, never as HTML", async () => {
    const member = await memberCookie(t, "free");
    const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)"> & "quotes"';
    const post = await api.post(member.cookie, `  ${hostile}  `);
    expect(post.content).toBe(hostile);
    const response = await t.app.inject({ url: "/api/community/posts", headers: { cookie: member.cookie } });
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect((response.json() as FeedResponse).posts.find((item) => item.id === post.id)?.content).toBe(hostile);
    const [stored] = await t.database.db.select({ content: communityPosts.content }).from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(stored?.content).toBe(hostile);
  });
});
