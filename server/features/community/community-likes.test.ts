import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LikeResponse } from "../../../common/contracts/community";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { communityPosts, communityReplies, postLikes, replyLikes } from "./community.table";
import { communityClient } from "./test-support";

let t: TestApp;
let api: ReturnType<typeof communityClient>;
beforeAll(async () => {
  t = await buildTestApp();
  api = communityClient(t);
});
afterAll(() => t.close());

const like = (url: string, cookie: string) => sendJson(t.app, "POST", url, undefined, cookie);

async function postState(id: number) {
  const [row] = await t.database.db.select({ likes: communityPosts.likeCount }).from(communityPosts).where(eq(communityPosts.id, id));
  const [rows] = await t.database.db.select({ value: count() }).from(postLikes).where(eq(postLikes.postId, id));
  return { likes: row?.likes, rows: Number(rows?.value) };
}

async function replyState(id: number) {
  const [row] = await t.database.db.select({ likes: communityReplies.likeCount }).from(communityReplies).where(eq(communityReplies.id, id));
  const [rows] = await t.database.db.select({ value: count() }).from(replyLikes).where(eq(replyLikes.replyId, id));
  return { likes: row?.likes, rows: Number(rows?.value) };
}

describe("post likes", () => {
  it("toggles, shows likedByMe to the liker only, and never counts a member twice", async () => {
    const author = await memberCookie(t, "free");
    const fan = await memberCookie(t, "inventor");
    const post = await api.post(author.cookie, "Like me");
    const url = `/api/community/posts/${post.id}/like`;

    expect((await like(url, fan.cookie)).json()).toEqual({ liked: true, likes: 1 } satisfies LikeResponse);
    expect((await like(url, author.cookie)).json()).toEqual({ liked: true, likes: 2 });
    expect((await like(url, fan.cookie)).json()).toEqual({ liked: false, likes: 1 });
    expect((await like(url, fan.cookie)).json()).toEqual({ liked: true, likes: 2 });
    expect(await postState(post.id)).toEqual({ likes: 2, rows: 2 });

    const other = await memberCookie(t, "free");
    expect((await api.feed(fan.cookie)).posts.find((item) => item.id === post.id)).toMatchObject({ likes: 2, likedByMe: true });
    expect((await api.feed(other.cookie)).posts.find((item) => item.id === post.id)).toMatchObject({ likes: 2, likedByMe: false });
    expect((await sendJson(t.app, "POST", url, undefined)).statusCode).toBe(401);
  });

  it("keeps the count equal to the likes under concurrent toggles", async () => {
    const author = await memberCookie(t, "free");
    const post = await api.post(author.cookie, "Race me");
    const url = `/api/community/posts/${post.id}/like`;

    const sameMember = await Promise.all(Array.from({ length: 10 }, () => like(url, author.cookie)));
    expect(sameMember.every((response) => response.statusCode === 200)).toBe(true);
    // Ten toggles by one member end where they started, and every answer saw a consistent count.
    expect(await postState(post.id)).toEqual({ likes: 0, rows: 0 });
    expect(sameMember.map((response) => (response.json() as LikeResponse).likes).sort()).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);

    const members = await Promise.all(Array.from({ length: 10 }, () => memberCookie(t, "free")));
    const everyone = await Promise.all(members.map((member) => like(url, member.cookie)));
    expect(everyone.every((response) => response.statusCode === 200 && response.json().liked === true)).toBe(true);
    expect(await postState(post.id)).toEqual({ likes: 10, rows: 10 });
    expect(everyone.map((response) => (response.json() as LikeResponse).likes).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const mixed = await Promise.all([...members.slice(0, 5), ...members.slice(0, 5), ...members.slice(0, 3)].map((member) => like(url, member.cookie)));
    expect(mixed.every((response) => response.statusCode === 200)).toBe(true);
    expect(await postState(post.id)).toEqual({ likes: 7, rows: 7 });
  });
});

describe("reply likes", () => {
  it("toggles and stays consistent under concurrency", async () => {
    const author = await memberCookie(t, "brand-ceo");
    const post = await api.post(author.cookie, "Reply likes");
    const reply = await api.reply(author.cookie, post.id, "Like this reply");
    const url = `/api/community/replies/${reply.id}/like`;
    expect((await like(url, author.cookie)).json()).toEqual({ liked: true, likes: 1 });
    expect((await api.feed(author.cookie)).posts.find((item) => item.id === post.id)?.replies[0]).toMatchObject({ likes: 1, likedByMe: true });
    expect((await like(url, author.cookie)).json()).toEqual({ liked: false, likes: 0 });

    const members = await Promise.all(Array.from({ length: 6 }, () => memberCookie(t, "free")));
    await Promise.all([...members, ...members.slice(0, 2), author].map((member) => like(url, member.cookie)));
    expect(await replyState(reply.id)).toEqual({ likes: 5, rows: 5 });
    expect(await postState(post.id)).toEqual({ likes: 0, rows: 0 });
  });
});
