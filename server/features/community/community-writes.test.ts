import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_MESSAGES } from "../../../common/content";
import type { Post, Reply } from "../../../common/contracts/community";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { communityPosts, communityReplies } from "./community.table";
import { COMMUNITY_WRITES_PER_MINUTE } from "./posting-limit";
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

const storedPost = async (id: number) => (await t.database.db.select().from(communityPosts).where(eq(communityPosts.id, id)))[0];
const postCount = async () => Number((await t.database.db.select({ value: count() }).from(communityPosts))[0]?.value);

describe("creating posts", () => {
  it("stores a member's post open to all, unfeatured and theirs, whatever the body claims", async () => {
    const member = await memberCookie(t, "inventor", "Mass Assigner");
    const other = await memberCookie(t, "inventor");
    const response = await sendJson(
      t.app,
      "POST",
      "/api/community/posts",
      { content: "  Hello board  ", category: "funding", accessLevel: "brand-ceo", featured: true, authorId: other.userId, postedAsAdmin: true, likeCount: 99 },
      member.cookie,
    );
    expect(response.statusCode).toBe(201);
    const post: Post = response.json();
    expect(post).toMatchObject({ content: "Hello board", category: "funding", accessLevel: "all", featured: false, likes: 0, canEdit: true });
    expect(post.author).toMatchObject({ id: member.userId, name: "Mass Assigner", tier: "inventor" });
    expect(await storedPost(post.id)).toMatchObject({ authorId: member.userId, postedAsAdmin: false, accessLevel: "all", featured: false, likeCount: 0 });
  });

  it("refuses blank or missing content with 400 and stores nothing", async () => {
    const member = await memberCookie(t, "free");
    const before = await postCount();
    for (const body of [{ content: "   \n\t " }, { content: "" }, {}, { content: 42 }, { content: "x".repeat(5001) }, { content: "ok", category: "gossip" }]) {
      const response = await sendJson(t.app, "POST", "/api/community/posts", body, member.cookie);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_FAILED");
    }
    const blank = await sendJson(t.app, "POST", "/api/community/posts", { content: "   " }, member.cookie);
    expect(blank.json().error.fields).toEqual({ content: "Post content is required" });
    const post = await api.post(member.cookie, "real");
    const blankReply = await sendJson(t.app, "POST", `/api/community/posts/${post.id}/replies`, { content: " " }, member.cookie);
    expect(blankReply.statusCode).toBe(400);
    expect(blankReply.json().error.fields).toEqual({ content: "Reply content is required" });
    expect(await postCount()).toBe(before + 1);
    expect((await storedPost(post.id))?.replyCount).toBe(0);
  });

  it("answers 401 to visitors and refuses cross-site writes", async () => {
    expect((await sendJson(t.app, "POST", "/api/community/posts", { content: "anon" })).statusCode).toBe(401);
    const member = await memberCookie(t, "free");
    const foreign = await t.app.inject({ method: "POST", url: "/api/community/posts", payload: { content: "csrf" }, headers: { cookie: member.cookie, origin: "https://evil.example" } });
    expect(foreign.statusCode).toBe(403);
  });

  it("lets admins post with level and featured through the admin endpoint only", async () => {
    const post = await api.adminPost(admin, { content: "VIP only", category: "scaling", accessLevel: "brand-ceo", featured: true });
    expect(post).toMatchObject({ accessLevel: "brand-ceo", featured: true, category: "scaling", author: { name: "Admin", tier: "admin" }, canEdit: true });
    expect(await storedPost(post.id)).toMatchObject({ postedAsAdmin: true, accessLevel: "brand-ceo", featured: true });
    const invalid = await sendJson(t.app, "POST", "/api/admin/community/posts", { content: "x", accessLevel: "gold" }, admin);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toHaveProperty("accessLevel");
  });
});

describe("posting too fast", () => {
  it(`refuses the ${COMMUNITY_WRITES_PER_MINUTE + 1}th post or reply within a minute with 429 and Retry-After`, async () => {
    const member = await memberCookie(t, "free");
    const other = await memberCookie(t, "free");
    const first = await api.post(member.cookie, "post 1");
    for (let index = 2; index <= COMMUNITY_WRITES_PER_MINUTE - 1; index += 1) await api.post(member.cookie, `post ${index}`);
    await api.reply(member.cookie, first.id, `reply ${COMMUNITY_WRITES_PER_MINUTE}`);
    const before = await postCount();

    const tooMany = await sendJson(t.app, "POST", "/api/community/posts", { content: "one too many" }, member.cookie);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error).toMatchObject({ code: "RATE_LIMITED", message: CONTENT_MESSAGES.postingTooFast });
    const retryAfter = Number(tooMany.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const replyTooMany = await sendJson(t.app, "POST", `/api/community/posts/${first.id}/replies`, { content: "still too many" }, member.cookie);
    expect(replyTooMany.statusCode).toBe(429);
    expect(await postCount()).toBe(before);
    expect((await storedPost(first.id))?.replyCount).toBe(1);

    // The limit is per member: someone else posts on.
    await api.post(other.cookie, "not limited");
  });
});

describe("editing and deleting posts", () => {
  it("lets the author edit and delete, refuses other members (403), lets admins do both", async () => {
    const author = await memberCookie(t, "inventor");
    const stranger = await memberCookie(t, "brand-ceo");
    const post = await api.post(author.cookie, "Original", "marketing");

    const byStranger = await sendJson(t.app, "PATCH", `/api/community/posts/${post.id}`, { content: "Defaced" }, stranger.cookie);
    expect(byStranger.statusCode).toBe(403);
    expect((await sendJson(t.app, "DELETE", `/api/community/posts/${post.id}`, undefined, stranger.cookie)).statusCode).toBe(403);
    expect((await storedPost(post.id))?.content).toBe("Original");

    const edited = await sendJson(t.app, "PATCH", `/api/community/posts/${post.id}`, { content: " Edited ", featured: true, accessLevel: "brand-ceo" }, author.cookie);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ content: "Edited", category: "marketing", featured: false, accessLevel: "all" });
    expect((await storedPost(post.id))?.updatedAt.getTime()).toBeGreaterThan(new Date(post.updatedAt).getTime() - 1);
    const blank = await sendJson(t.app, "PATCH", `/api/community/posts/${post.id}`, { content: "  " }, author.cookie);
    expect(blank.statusCode).toBe(400);
    expect((await storedPost(post.id))?.content).toBe("Edited");

    const byAdmin = await sendJson(t.app, "PATCH", `/api/community/posts/${post.id}`, { content: "Moderated", featured: true, accessLevel: "entrepreneur" }, admin);
    expect(byAdmin.statusCode).toBe(200);
    const moderated: Post = byAdmin.json();
    expect(moderated).toMatchObject({ content: "Moderated", category: "marketing", featured: true, accessLevel: "entrepreneur" });
    expect(moderated.author.id).toBe(author.userId);
    // Now above the inventor author's tier: the board no longer lets them act on it.
    expect((await sendJson(t.app, "PATCH", `/api/community/posts/${post.id}`, { content: "mine again" }, author.cookie)).statusCode).toBe(403);
    const contentOnly = await sendJson(t.app, "PATCH", `/api/community/posts/${post.id}`, { content: "Still featured" }, admin);
    expect(contentOnly.json()).toMatchObject({ featured: true, accessLevel: "entrepreneur", category: "marketing" });

    expect((await sendJson(t.app, "DELETE", `/api/community/posts/${post.id}`, undefined, admin)).statusCode).toBe(204);
    expect(await storedPost(post.id)).toBeUndefined();
    expect((await sendJson(t.app, "DELETE", `/api/community/posts/${post.id}`, undefined, admin)).statusCode).toBe(404);
    expect((await sendJson(t.app, "PATCH", "/api/community/posts/2147483647", { content: "x" }, admin)).statusCode).toBe(404);
  });

  it("removes the replies (and their likes) with the post", async () => {
    const author = await memberCookie(t, "free");
    const friend = await memberCookie(t, "free");
    const post = await api.post(author.cookie, "Short-lived");
    const reply = await api.reply(friend.cookie, post.id, "Nice");
    await api.reply(author.cookie, post.id, "Thanks");
    expect((await sendJson(t.app, "POST", `/api/community/replies/${reply.id}/like`, undefined, author.cookie)).statusCode).toBe(200);
    expect((await sendJson(t.app, "DELETE", `/api/community/posts/${post.id}`, undefined, author.cookie)).statusCode).toBe(204);
    expect(await t.database.db.select().from(communityReplies).where(eq(communityReplies.postId, post.id))).toEqual([]);
    expect((await sendJson(t.app, "PATCH", `/api/community/replies/${reply.id}`, { content: "ghost" }, friend.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/community/posts/${post.id}/replies`, headers: { cookie: author.cookie } })).statusCode).toBe(404);
  });
});

describe("replies", () => {
  it("keeps replyCount right through adds and deletes, oldest first in the feed", async () => {
    const author = await memberCookie(t, "entrepreneur", "Post Author");
    const replier = await memberCookie(t, "free", "Reply Author");
    const post = await api.post(author.cookie, "Ask me anything");
    const first = await api.reply(replier.cookie, post.id, "  First!  ");
    expect(first).toMatchObject({ postId: post.id, content: "First!", likes: 0, likedByMe: false, canEdit: true, author: { id: replier.userId, name: "Reply Author", tier: "free" } });
    const second = await api.reply(author.cookie, post.id, "Second");
    await api.reply(replier.cookie, post.id, "Third");

    const inFeed = (await api.feed(author.cookie)).posts.find((item) => item.id === post.id);
    expect(inFeed?.replyCount).toBe(3);
    expect(inFeed?.replies.map((reply) => [reply.content, reply.canEdit])).toEqual([
      ["First!", false],
      ["Second", true],
      ["Third", false],
    ]);

    expect((await sendJson(t.app, "DELETE", `/api/community/replies/${second.id}`, undefined, replier.cookie)).statusCode).toBe(403);
    expect((await sendJson(t.app, "DELETE", `/api/community/replies/${second.id}`, undefined, author.cookie)).statusCode).toBe(204);
    expect((await sendJson(t.app, "DELETE", `/api/community/replies/${first.id}`, undefined, admin)).statusCode).toBe(204);
    expect((await sendJson(t.app, "DELETE", `/api/community/replies/${first.id}`, undefined, admin)).statusCode).toBe(404);
    expect((await storedPost(post.id))?.replyCount).toBe(1);
    const remaining: Reply[] = (await t.app.inject({ url: `/api/community/posts/${post.id}/replies`, headers: { cookie: author.cookie } })).json().replies;
    expect(remaining.map((reply) => reply.content)).toEqual(["Third"]);
  });

  it("lets the author and admins edit a reply, refuses others with 403", async () => {
    const author = await memberCookie(t, "free");
    const stranger = await memberCookie(t, "free");
    const post = await api.post(author.cookie, "Edit replies");
    const reply = await api.reply(author.cookie, post.id, "tpyo");
    expect((await sendJson(t.app, "PATCH", `/api/community/replies/${reply.id}`, { content: "hijack" }, stranger.cookie)).statusCode).toBe(403);
    const fixed = await sendJson(t.app, "PATCH", `/api/community/replies/${reply.id}`, { content: " typo " }, author.cookie);
    expect(fixed.json()).toMatchObject({ id: reply.id, content: "typo" });
    const moderated = await sendJson(t.app, "PATCH", `/api/community/replies/${reply.id}`, { content: "[removed]" }, admin);
    expect(moderated.json()).toMatchObject({ content: "[removed]", author: { id: author.userId } });
    expect((await sendJson(t.app, "PATCH", `/api/community/replies/${reply.id}`, { content: "" }, author.cookie)).statusCode).toBe(400);
  });

  it("answers 403 to members replying to or liking a post above their tier, and 404 to unknown posts", async () => {
    const hidden = await api.adminPost(admin, { content: "Entrepreneurs only", accessLevel: "entrepreneur" });
    const insider = await memberCookie(t, "entrepreneur");
    const hiddenReply = await api.reply(insider.cookie, hidden.id, "inside");
    const outsider = await memberCookie(t, "inventor");
    const attempts = [
      sendJson(t.app, "POST", `/api/community/posts/${hidden.id}/replies`, { content: "let me in" }, outsider.cookie),
      sendJson(t.app, "POST", `/api/community/posts/${hidden.id}/like`, undefined, outsider.cookie),
      sendJson(t.app, "POST", `/api/community/replies/${hiddenReply.id}/like`, undefined, outsider.cookie),
      sendJson(t.app, "PATCH", `/api/community/posts/${hidden.id}`, { content: "x" }, outsider.cookie),
      sendJson(t.app, "DELETE", `/api/community/replies/${hiddenReply.id}`, undefined, outsider.cookie),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain("Entrepreneurs only");
    }
    const stored = await storedPost(hidden.id);
    expect(stored).toMatchObject({ likeCount: 0, replyCount: 1 });
    expect((await sendJson(t.app, "POST", "/api/community/posts/2147483647/replies", { content: "?" }, outsider.cookie)).statusCode).toBe(404);
    expect((await sendJson(t.app, "POST", "/api/community/posts/2147483647/like", undefined, outsider.cookie)).statusCode).toBe(404);
    expect((await sendJson(t.app, "POST", "/api/community/replies/2147483647/like", undefined, outsider.cookie)).statusCode).toBe(404);
  });

  it("follows a member's tier change on the next request", async () => {
    const member = await memberCookie(t, "entrepreneur");
    const post = await api.adminPost(admin, { content: "Level check", accessLevel: "entrepreneur" });
    expect((await sendJson(t.app, "POST", `/api/community/posts/${post.id}/like`, undefined, member.cookie)).statusCode).toBe(200);
    await t.database.db.update(users).set({ membershipTier: "free" }).where(eq(users.id, member.userId));
    t.viewers.forgetUser(member.userId);
    expect((await sendJson(t.app, "POST", `/api/community/posts/${post.id}/like`, undefined, member.cookie)).statusCode).toBe(403);
    expect((await api.feed(member.cookie, "limit=50")).posts.map((item) => item.id)).not.toContain(post.id);
  });
});
