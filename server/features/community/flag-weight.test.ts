import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES, type ModerationQueue, type Post } from "../../../common/contracts/community";
import { outboxMessages } from "../../mail/outbox.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { dailyFlagKey, FLAGS_PER_DAY, FLAGS_PER_MINUTE } from "./flag-limit";
import { flagWeight, REJECTED_FLAGS_LIMIT } from "./flag-weight";
import { communityPosts } from "./community.table";
import { communityClient, seasonedMember } from "./test-support";

let t: TestApp;
let admin: Awaited<ReturnType<typeof memberCookie>>;
let api: ReturnType<typeof communityClient>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await memberCookie(t, "admin");
  api = communityClient(t);
});
afterAll(() => t.close());

const flag = (cookie: string, kind: "posts" | "replies", id: number, reason = "Looks like spam") => sendJson(t.app, "POST", `/api/community/${kind}/${id}/flag`, { reason }, cookie);
const decide = (kind: "posts" | "replies", id: number, decision: "approve" | "hide" | "delete") => sendJson(t.app, "POST", `/api/admin/moderation/${kind}/${id}/decision`, { decision }, admin.cookie);
const queued = async (kind: "post" | "reply", id: number) => {
  const queue: ModerationQueue = (await t.app.inject({ url: "/api/admin/moderation/queue?pageSize=100", headers: { cookie: admin.cookie } })).json();
  return queue.items.find((item) => item.kind === kind && item.id === id);
};
const inFeed = async (cookie: string, id: number): Promise<Post | undefined> => (await api.feed(cookie, "limit=50")).posts.find((post) => post.id === id);
const mailTo = async (email: string) => t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(desc(outboxMessages.createdAt));
const expectAllCreated = async (flags: Promise<{ statusCode: number; body: string }>[]) => {
  for (const response of await Promise.all(flags)) expect(response.statusCode, response.body).toBe(201);
};

describe("flag weight", () => {
  it("three new free accounts flag an admin's post and a member's post: neither is hidden, both wait in the queue", async () => {
    const author = await memberCookie(t, "inventor");
    const announcement = await api.adminPost(admin.cookie, { content: "Office hours move to Thursday" });
    const post = await api.post(author.cookie, "My first prototype photos");
    const fresh = await Promise.all([1, 2, 3].map(() => memberCookie(t, "free")));
    for (const id of [announcement.id, post.id]) await expectAllCreated(fresh.map((member) => flag(member.cookie, "posts", id)));

    const reader = await memberCookie(t, "inventor");
    expect((await inFeed(reader.cookie, announcement.id))?.hidden).toBe(false);
    expect((await inFeed(reader.cookie, post.id))?.hidden).toBe(false);
    expect((await queued("post", announcement.id))?.flags).toHaveLength(3);
    expect(await queued("post", post.id)).toMatchObject({ hidden: false });
  });

  it("counts neither free members of long standing nor paying members of a few days", async () => {
    const author = await memberCookie(t, "inventor");
    const post = await api.post(author.cookie, "Which patent attorney do you use?");
    const oldFree = await Promise.all([1, 2].map(() => seasonedMember(t, "free")));
    const newPaid = await seasonedMember(t, "brand-ceo", "New Brand CEO", 6);
    await expectAllCreated([...oldFree, newPaid].map((member) => flag(member.cookie, "posts", post.id)));
    expect((await queued("post", post.id))?.hidden).toBe(false);
  });

  it("three paying members of 7 days or more hide a member's post, but never an admin's", async () => {
    const author = await memberCookie(t, "free");
    const announcement = await api.adminPost(admin.cookie, { content: "Pitch night is on" });
    const post = await api.post(author.cookie, "Buy followers cheap");
    const seasoned = await Promise.all([1, 2, 3].map(() => seasonedMember(t, "entrepreneur", undefined, 7)));
    for (const id of [announcement.id, post.id]) await expectAllCreated(seasoned.map((member) => flag(member.cookie, "posts", id)));

    const reader = await memberCookie(t, "inventor");
    expect(await inFeed(reader.cookie, post.id)).toBeUndefined();
    expect((await inFeed(reader.cookie, announcement.id))?.hidden).toBe(false);
    expect((await queued("post", announcement.id))?.hidden).toBe(false);
    expect((await queued("post", post.id))?.hidden).toBe(true);
    // An admin's reply is kept the same way.
    const answer = await sendJson(t.app, "POST", `/api/community/posts/${announcement.id}/replies`, { content: "Doors open at 6" }, admin.cookie);
    const replyId: number = answer.json().id;
    await expectAllCreated(seasoned.map((member) => flag(member.cookie, "replies", replyId)));
    expect((await queued("reply", replyId))?.hidden).toBe(false);
  });

  it(`stops counting a member's flags after ${REJECTED_FLAGS_LIMIT} rejected ones with fewer upheld`, async () => {
    const crier = await seasonedMember(t, "inventor", "Wolf Crier");
    const targets = await Promise.all([1, 2, 3].map(async (index) => api.post((await memberCookie(t, "inventor")).cookie, `Honest question ${index}`)));
    for (const post of targets) {
      expect((await flag(crier.cookie, "posts", post.id)).statusCode).toBe(201);
      expect((await decide("posts", post.id, "approve")).statusCode).toBe(204);
    }
    const author = await memberCookie(t, "inventor");
    const post = await api.post(author.cookie, "Selling my spare lab time");
    const [one, two, three] = await Promise.all([1, 2, 3].map(() => seasonedMember(t, "inventor")));
    if (!one || !two || !three) throw new Error("no flaggers");
    await expectAllCreated([crier, one, two].map((member) => flag(member.cookie, "posts", post.id)));
    expect((await queued("post", post.id))?.hidden).toBe(false);
    expect((await flag(three.cookie, "posts", post.id)).statusCode).toBe(201);
    expect((await queued("post", post.id))?.hidden).toBe(true);
  });

  it("weighs each flag by the flagger's standing", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const member = { role: "user" as const, membershipTier: "inventor" as const, createdAt: daysAgo(30), upheld: 0, rejected: 0 };
    expect(flagWeight(member, 7, now)).toBe(1);
    expect(flagWeight({ ...member, membershipTier: "free" }, 7, now)).toBe(0);
    expect(flagWeight({ ...member, createdAt: daysAgo(6.9) }, 7, now)).toBe(0);
    expect(flagWeight({ ...member, rejected: 2 }, 7, now)).toBe(1);
    expect(flagWeight({ ...member, rejected: 3, upheld: 2 }, 7, now)).toBe(0);
    expect(flagWeight({ ...member, rejected: 3, upheld: 3 }, 7, now)).toBe(1);
    expect(flagWeight({ ...member, role: "admin", membershipTier: "free", createdAt: now }, 7, now)).toBe(1);
  });
});

describe("flag limits", () => {
  it(`answers 429 with Retry-After past ${FLAGS_PER_MINUTE} flags a minute: 12 flags sent in one second`, async () => {
    const author = await memberCookie(t, "inventor");
    // Written directly: the author may post only 10 a minute.
    const posts = await t.database.db
      .insert(communityPosts)
      .values(Array.from({ length: 12 }, (_, index) => ({ authorId: author.userId, content: `Burst target ${index}` })))
      .returning({ id: communityPosts.id });
    const flagger = await seasonedMember(t, "inventor");
    const answers = await Promise.all(posts.map((post) => flag(flagger.cookie, "posts", post.id)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(FLAGS_PER_MINUTE);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(12 - FLAGS_PER_MINUTE);
    for (const answer of refused) {
      expect(answer.json().error.message).toBe(MODERATION_MESSAGES.flaggingTooFast);
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(answer.headers["retry-after"])).toBeLessThanOrEqual(60);
    }
    // The refused flags were never written: nothing of them reached the queue.
    const flagged = await Promise.all(posts.map((post) => queued("post", post.id)));
    expect(flagged.filter(Boolean)).toHaveLength(FLAGS_PER_MINUTE);
  });

  it(`answers 429 past ${FLAGS_PER_DAY} flags a day`, async () => {
    const author = await memberCookie(t, "inventor");
    const post = await api.post(author.cookie, "One more post to flag");
    const flagger = await memberCookie(t, "inventor");
    await t.database.db.execute(sql`insert into rate_limits (key, count, reset_at) values (${dailyFlagKey(flagger.userId)}, ${FLAGS_PER_DAY}, now() + interval '1 day')`);
    const refused = await flag(flagger.cookie, "posts", post.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(MODERATION_MESSAGES.dailyFlagLimit(FLAGS_PER_DAY));
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3600);
  });
});

describe("own items", () => {
  it("a member cannot flag their own reply", async () => {
    const author = await memberCookie(t, "inventor");
    const member = await memberCookie(t, "inventor");
    const post = await api.post(author.cookie, "Share your workshop setup");
    const reply = await api.reply(member.cookie, post.id, "A bench and a 3D printer");
    const own = await flag(member.cookie, "replies", reply.id);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(MODERATION_MESSAGES.ownItem);
    expect(await queued("reply", reply.id)).toBeUndefined();
  });
});

describe("the author of an item hidden by flags", () => {
  it("still sees the post marked hidden, may edit it while it waits for review, and is mailed with a link", async () => {
    const author = await memberCookie(t, "inventor", "Hidden Hannah");
    const reader = await memberCookie(t, "inventor");
    const post = await api.post(author.cookie, "Join my paid group, link in bio");
    const seasoned = await Promise.all([1, 2, 3].map(() => seasonedMember(t, "inventor")));
    await expectAllCreated(seasoned.map((member) => flag(member.cookie, "posts", post.id)));

    expect(await inFeed(reader.cookie, post.id)).toBeUndefined();
    expect(await inFeed(author.cookie, post.id)).toMatchObject({ hidden: true, canEdit: true });
    const [mail] = await mailTo(author.email);
    expect(mail?.subject).toContain("your post is hidden until a moderator reviews it");
    expect(mail?.text).toContain(MODERATION_MESSAGES.hiddenForReview("post"));
    expect(mail?.text).toContain("Join my paid group, link in bio");
    expect(mail?.text).toMatch(/https?:\/\/[^\s]+\/members\/community/);

    // The author edits it: still hidden, still in the queue with the new words; others still cannot reach it.
    const edited = await sendJson(t.app, "PATCH", `/api/community/posts/${post.id}`, { content: "Join the free meetup on Friday" }, author.cookie);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ hidden: true, content: "Join the free meetup on Friday" });
    expect((await queued("post", post.id))?.content).toBe("Join the free meetup on Friday");
    expect((await sendJson(t.app, "PATCH", `/api/community/posts/${post.id}`, { content: "Hijacked" }, reader.cookie)).statusCode).toBe(404);
    expect((await sendJson(t.app, "POST", `/api/community/posts/${post.id}/like`, {}, author.cookie)).statusCode).toBe(404);

    // Once an admin decides to keep it hidden, it has been reviewed: it leaves the author's feed too.
    expect((await decide("posts", post.id, "hide")).statusCode).toBe(204);
    expect(await inFeed(author.cookie, post.id)).toBeUndefined();
  });

  it("still sees their reply marked hidden, and is mailed once", async () => {
    const author = await memberCookie(t, "inventor");
    const replier = await memberCookie(t, "free", "Replying Rob");
    const post = await api.post(author.cookie, "Feedback on my pitch deck?");
    const reply = await api.reply(replier.cookie, post.id, "Nobody will buy this");
    const seasoned = await Promise.all([1, 2, 3].map(() => seasonedMember(t, "inventor")));
    await expectAllCreated(seasoned.map((member) => flag(member.cookie, "replies", reply.id)));

    expect((await inFeed(author.cookie, post.id))?.replies).toEqual([]);
    expect((await inFeed(replier.cookie, post.id))?.replies.map((item) => [item.id, item.hidden])).toEqual([[reply.id, true]]);
    const all = await t.app.inject({ url: `/api/community/posts/${post.id}/replies`, headers: { cookie: replier.cookie } });
    expect(all.json().replies.map((item: { id: number }) => item.id)).toEqual([reply.id]);
    expect((await sendJson(t.app, "PATCH", `/api/community/replies/${reply.id}`, { content: "I would not buy this yet" }, replier.cookie)).statusCode).toBe(200);
    const mails = await mailTo(replier.email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining("your reply is hidden until a moderator reviews it")]);
  });
});
