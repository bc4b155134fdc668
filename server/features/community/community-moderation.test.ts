import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLAG_THRESHOLD, MODERATION_MESSAGES, type ModerationQueue, type Post } from "../../../common/contracts/community";
import { users } from "../../auth/auth.table";
import { outboxMessages } from "../../mail/outbox.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { adminAuditLog } from "../users/audit-log.table";
import { communityPosts } from "./community.table";
import { communitySuspensions } from "./moderation.table";
import { dailyLimitKey, dailyPostingLimit } from "./posting-limit";
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

const flag = (cookie: string, kind: "posts" | "replies", id: number, reason = "Spam link") => sendJson(t.app, "POST", `/api/community/${kind}/${id}/flag`, { reason }, cookie);
const queue = async (): Promise<ModerationQueue> => (await t.app.inject({ url: "/api/admin/moderation/queue", headers: { cookie: admin.cookie } })).json();
const decide = (kind: "posts" | "replies", id: number, decision: string, cookie = admin.cookie) => sendJson(t.app, "POST", `/api/admin/moderation/${kind}/${id}/decision`, { decision }, cookie);
const feedIds = async (cookie: string) => (await api.feed(cookie, "limit=50")).posts.map((post) => post.id);
const auditActions = async (targetId: string) =>
  (await t.database.db.select({ action: adminAuditLog.action }).from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(adminAuditLog.id)).map((row) => row.action);
const mailTo = async (email: string) => t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(desc(outboxMessages.createdAt));
const flaggers = (n: number) => Promise.all(Array.from({ length: n }, () => seasonedMember(t, "inventor")));

describe("editing and deleting", () => {
  it("lets authors edit their replies (edited marker) and refuses other members with 403", async () => {
    const author = await memberCookie(t, "inventor");
    const other = await memberCookie(t, "inventor");
    const post = await api.post(author.cookie, "Original");
    const reply = await api.reply(author.cookie, post.id, "First words");
    expect(reply.updatedAt).toBe(reply.createdAt);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await sendJson(t.app, "PATCH", `/api/community/replies/${reply.id}`, { content: "Better words" }, author.cookie);
    expect(edited.statusCode).toBe(200);
    expect(Date.parse(edited.json().updatedAt)).toBeGreaterThan(Date.parse(edited.json().createdAt));
    expect((await sendJson(t.app, "PATCH", `/api/community/replies/${reply.id}`, { content: "Hijack" }, other.cookie)).statusCode).toBe(403);
    expect((await sendJson(t.app, "PATCH", `/api/community/posts/${post.id}`, { content: "Hijack" }, other.cookie)).statusCode).toBe(403);
    expect((await sendJson(t.app, "DELETE", `/api/community/posts/${post.id}`, undefined, other.cookie)).statusCode).toBe(403);
    expect((await sendJson(t.app, "DELETE", `/api/community/posts/${post.id}`, undefined, author.cookie)).statusCode).toBe(204);
  });
});

describe("flags", () => {
  it(`hides a post from members once ${FLAG_THRESHOLD} different members flag it, and lists it for admins with the reasons`, async () => {
    const author = await memberCookie(t, "inventor", "Spammy Sam");
    const post = await api.post(author.cookie, "Buy my course at spam.example");
    const [one, two, three] = await flaggers(3);
    if (!one || !two || !three) throw new Error("no flaggers");
    expect((await flag(one.cookie, "posts", post.id, "Advertising")).statusCode).toBe(201);
    const again = await flag(one.cookie, "posts", post.id, "Still advertising");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MODERATION_MESSAGES.alreadyFlagged);
    expect((await flag(author.cookie, "posts", post.id)).statusCode).toBe(400);
    expect((await flag(two.cookie, "posts", post.id, "x")).statusCode).toBe(400);
    expect((await flag(two.cookie, "posts", post.id, "Spam")).statusCode).toBe(201);
    // Two flags: still shown, and the flagger sees their own flag.
    const seen = (await api.feed(one.cookie, "limit=50")).posts.find((item) => item.id === post.id);
    expect(seen).toMatchObject({ flaggedByMe: true, hidden: false });
    expect((await flag(three.cookie, "posts", post.id, "Scam")).statusCode).toBe(201);

    expect(await feedIds(one.cookie)).not.toContain(post.id);
    // Its author still sees it, marked hidden, until an admin decides (flag-weight.test.ts has the rest).
    expect((await api.feed(author.cookie, "limit=50")).posts.find((item) => item.id === post.id)).toMatchObject({ hidden: true });
    expect((await t.app.inject({ url: `/api/community/posts/${post.id}/replies`, headers: { cookie: one.cookie } })).statusCode).toBe(404);
    expect((await sendJson(t.app, "POST", `/api/community/posts/${post.id}/like`, undefined, one.cookie)).statusCode).toBe(404);
    expect((await api.feed(admin.cookie, "limit=50")).posts.find((item) => item.id === post.id)).toMatchObject({ hidden: true });

    const item = (await queue()).items.find((entry) => entry.kind === "post" && entry.id === post.id);
    expect(item).toMatchObject({ hidden: true, author: { name: "Spammy Sam" }, authorEmail: author.email });
    expect(item?.flags.map((entry) => entry.reason)).toEqual(["Advertising", "Spam", "Scam"]);

    const notAdmin = await t.app.inject({ url: "/api/admin/moderation/queue", headers: { cookie: one.cookie } });
    expect(notAdmin.statusCode).toBe(403);
    expect((await decide("posts", post.id, "approve", one.cookie)).statusCode).toBe(403);

    // Approved: shown again, off the queue, and the same members cannot raise it again.
    expect((await decide("posts", post.id, "approve")).statusCode).toBe(204);
    expect(await feedIds(one.cookie)).toContain(post.id);
    expect((await queue()).items.some((entry) => entry.id === post.id && entry.kind === "post")).toBe(false);
    expect((await flag(one.cookie, "posts", post.id)).statusCode).toBe(409);
    expect(await auditActions(author.userId)).toEqual(["moderate-approve"]);
  });

  it("hides a flagged reply and keeps the post's reply count to what members see; admins hide and delete", async () => {
    const author = await memberCookie(t, "entrepreneur");
    const rude = await memberCookie(t, "free", "Rude Rita");
    const post = await api.post(author.cookie, "Feedback on my prototype?");
    const kept = await api.reply(author.cookie, post.id, "Thanks all");
    const reply = await api.reply(rude.cookie, post.id, "Terrible idea, give up");
    for (const member of await flaggers(FLAG_THRESHOLD)) expect((await flag(member.cookie, "replies", reply.id, "Harassment")).statusCode).toBe(201);

    const shown = (await api.feed(author.cookie, "limit=50")).posts.find((item) => item.id === post.id);
    expect(shown?.replies.map((item) => item.id)).toEqual([kept.id]);
    expect(shown?.replyCount).toBe(1);
    const all = await t.app.inject({ url: `/api/community/posts/${post.id}/replies`, headers: { cookie: author.cookie } });
    expect(all.json().replies.map((item: { id: number }) => item.id)).toEqual([kept.id]);

    expect((await decide("replies", reply.id, "hide")).statusCode).toBe(204);
    expect((await queue()).items.some((entry) => entry.kind === "reply" && entry.id === reply.id)).toBe(false);
    expect((await decide("replies", reply.id, "delete")).statusCode).toBe(204);
    const [stored] = await t.database.db.select({ replyCount: communityPosts.replyCount }).from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(stored?.replyCount).toBe(1);
    expect((await decide("replies", reply.id, "delete")).statusCode).toBe(404);
    expect(await auditActions(rude.userId)).toEqual(["moderate-hide", "moderate-delete"]);
    expect((await decide("posts", post.id, "shred")).statusCode).toBe(400);
  });
});

describe("warnings and suspensions", () => {
  it("mails a warning and a suspension; a suspended member cannot post, reply or like until the end date", async () => {
    const member = await memberCookie(t, "inventor", "Hot Head");
    const post = await api.post(admin.cookie, "Welcome thread");
    const action = (body: object, cookie = admin.cookie) => sendJson(t.app, "POST", `/api/admin/moderation/members/${member.userId}/action`, body, cookie);

    expect((await action({ action: "warn", message: "Please stay civil." }, member.cookie)).statusCode).toBe(403);
    expect((await action({ action: "suspend", message: "No days" })).statusCode).toBe(400);
    expect((await action({ action: "suspend", days: 0, message: "Zero" })).statusCode).toBe(400);
    expect((await action({ action: "warn", message: "Please stay civil." })).statusCode).toBe(200);
    expect((await mailTo(member.email))[0]).toMatchObject({ subject: expect.stringContaining("a warning from the moderators"), text: expect.stringContaining("Please stay civil.") });

    const suspended = await action({ action: "suspend", days: 3, message: "Three days off after repeated insults." });
    expect(suspended.statusCode).toBe(200);
    const until = new Date(suspended.json().suspendedUntil);
    expect(until.getTime() - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    const [mail] = await mailTo(member.email);
    expect(mail?.subject).toContain("suspended from the community until");
    expect(mail?.text).toContain("Three days off after repeated insults.");

    for (const [url, body] of [
      ["/api/community/posts", { content: "I am back" }],
      [`/api/community/posts/${post.id}/replies`, { content: "Me too" }],
      [`/api/community/posts/${post.id}/like`, undefined],
    ] as const) {
      const refused = await sendJson(t.app, "POST", url, body, member.cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.message).toMatch(/^Your account is suspended from the community until .+ UTC\./);
    }
    const standing = await t.app.inject({ url: "/api/community/standing", headers: { cookie: member.cookie } });
    expect(standing.json()).toEqual({ suspendedUntil: until.toISOString(), message: "Three days off after repeated insults." });

    // Lifted early by an admin: the member takes part again at once.
    const lift = (cookie = admin.cookie) => sendJson(t.app, "DELETE", `/api/admin/moderation/members/${member.userId}/suspension`, undefined, cookie);
    expect((await lift(member.cookie)).statusCode).toBe(403);
    expect((await lift()).statusCode).toBe(204);
    expect((await lift()).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/community/standing", headers: { cookie: member.cookie } })).json()).toEqual({ suspendedUntil: null, message: null });
    expect((await sendJson(t.app, "POST", `/api/community/posts/${post.id}/like`, undefined, member.cookie)).statusCode).toBe(200);

    // Suspended again, and the end date passes: the member takes part again.
    expect((await action({ action: "suspend", days: 1, message: "One more day." })).statusCode).toBe(200);
    expect((await sendJson(t.app, "POST", `/api/community/posts/${post.id}/replies`, { content: "Sorry" }, member.cookie)).statusCode).toBe(403);
    await t.database.db.update(communitySuspensions).set({ until: sql`now() - interval '1 second'` }).where(eq(communitySuspensions.userId, member.userId));
    expect((await sendJson(t.app, "POST", `/api/community/posts/${post.id}/replies`, { content: "Sorry, everyone" }, member.cookie)).statusCode).toBe(201);
    expect(await auditActions(member.userId)).toEqual(["warn-member", "suspend-member", "lift-suspension", "suspend-member"]);
    const adminTarget = await sendJson(t.app, "POST", `/api/admin/moderation/members/${admin.userId}/action`, { action: "warn", message: "hi" }, admin.cookie);
    expect(adminTarget.statusCode).toBe(400);
  });
});

describe("pinned and locked posts", () => {
  it("shows pinned posts first and refuses replies to a locked post with a clear message", async () => {
    const member = await memberCookie(t, "inventor");
    const older = await api.post(member.cookie, "Older question");
    await api.post(member.cookie, "Newer question");
    const moderate = (body: object, cookie = admin.cookie) => sendJson(t.app, "PATCH", `/api/admin/community/posts/${older.id}/moderation`, body, cookie);
    expect((await moderate({ pinned: true }, member.cookie)).statusCode).toBe(403);
    expect((await moderate({})).statusCode).toBe(400);
    expect((await moderate({ pinned: true, locked: true })).statusCode).toBe(204);

    const first: Post | undefined = (await api.feed(member.cookie, "limit=50")).posts[0];
    expect(first).toMatchObject({ id: older.id, featured: true, locked: true });
    expect(first?.updatedAt).toBe(first?.createdAt);
    const refused = await sendJson(t.app, "POST", `/api/community/posts/${older.id}/replies`, { content: "Can I still reply?" }, member.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MODERATION_MESSAGES.locked);

    expect((await moderate({ locked: false })).statusCode).toBe(204);
    expect((await sendJson(t.app, "POST", `/api/community/posts/${older.id}/replies`, { content: "Now I can" }, member.cookie)).statusCode).toBe(201);
    expect(await auditActions(member.userId)).toEqual(["pin-post", "lock-post", "unlock-post"]);
  });
});

describe("posting limits", () => {
  it("rise with account age and tier", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    expect(dailyPostingLimit("free", daysAgo(0.5), now)).toBe(20);
    expect(dailyPostingLimit("brand-ceo", daysAgo(0.5), now)).toBe(50);
    expect(dailyPostingLimit("free", daysAgo(2), now)).toBe(50);
    expect(dailyPostingLimit("inventor", daysAgo(45), now)).toBe(150);
    for (const tier of ["free", "inventor", "entrepreneur", "brand-ceo"] as const) {
      expect(dailyPostingLimit(tier, daysAgo(0), now)).toBeLessThan(dailyPostingLimit(tier, daysAgo(1), now));
      expect(dailyPostingLimit(tier, daysAgo(1), now)).toBeLessThan(dailyPostingLimit(tier, daysAgo(30), now));
    }
  });

  it("refuses the post past a new free member's daily limit with 429, while an older paying member may go on", async () => {
    const fresh = await memberCookie(t, "free");
    const veteran = await memberCookie(t, "entrepreneur");
    await t.database.db.update(users).set({ createdAt: sql`now() - interval '40 days'` }).where(eq(users.id, veteran.userId));
    t.viewers.forgetUser(veteran.userId);
    // Both have written 20 posts today (the counter the server keeps, filled in directly).
    await t.database.db.execute(
      sql`insert into rate_limits (key, count, reset_at) values (${dailyLimitKey(fresh.userId)}, 20, now() + interval '1 day'), (${dailyLimitKey(veteran.userId)}, 20, now() + interval '1 day')`,
    );
    const refused = await sendJson(t.app, "POST", "/api/community/posts", { content: "one more" }, fresh.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(MODERATION_MESSAGES.dailyLimit(20));
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3600);
    expect((await sendJson(t.app, "POST", "/api/community/posts", { content: "one more" }, veteran.cookie)).statusCode).toBe(201);
  });
});

describe("mentions", () => {
  const waitForMail = async (email: string, count = 1) => {
    for (let tries = 0; tries < 100; tries += 1) {
      const mail = await mailTo(email);
      if (mail.length >= count) return mail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail for ${email}`);
  };

  it("mails the mentioned members once, respects their setting and the post's tier, and unsubscribes in one click", async () => {
    const author = await memberCookie(t, "brand-ceo", "Ada Lovelace");
    const grace = await memberCookie(t, "inventor", "Grace Hopper");
    const alan = await memberCookie(t, "free", "Alan Turing");
    const optedOut = await memberCookie(t, "inventor", "Opted Out");
    expect((await sendJson(t.app, "PUT", "/api/notifications/preferences", { topics: { mentions: "app" } }, optedOut.cookie)).json().topics.mentions).toBe("app");
    expect((await sendJson(t.app, "PUT", "/api/notifications/preferences", { topics: { mentions: "no" } }, optedOut.cookie)).statusCode).toBe(400);

    const post = await api.post(author.cookie, "Thanks @grace hopper, and @Opted Out! Mail me at ada@example.com, @Nobody Here.");
    const [mail] = await waitForMail(grace.email);
    expect(mail?.subject).toBe("Ada Lovelace mentioned you in Inventors Community");
    expect(mail?.text).toContain("Thanks @grace hopper");
    const link = /(http:\/\/localhost:3000\/api\/community\/mentions\/unsubscribe\?[^\s)]+)/.exec(mail?.text ?? "")?.[1];
    if (!link) throw new Error("no unsubscribe link");

    // An edit that keeps the mention mails nobody again; a reply mentioning a member who cannot open the post is not mailed.
    await sendJson(t.app, "PATCH", `/api/community/posts/${post.id}`, { content: "Thanks @Grace Hopper (edited)" }, author.cookie);
    const tiered = await api.adminPost(admin.cookie, { content: "Inventor-only news for @Alan Turing and @Grace Hopper", accessLevel: "inventor" });
    await waitForMail(grace.email, 2);
    expect((await mailTo(grace.email)).map((item) => item.subject)).toHaveLength(2);
    expect(await mailTo(alan.email)).toHaveLength(0);
    expect(await mailTo(optedOut.email)).toHaveLength(0);
    // Mentions without mail still reach the member's notification centre.
    const centre = (await t.app.inject({ url: "/api/notifications", headers: { cookie: optedOut.cookie } })).json();
    expect(centre.notifications).toEqual([expect.objectContaining({ event: "mention", text: "Ada Lovelace mentioned you", link: `/members/community?post=${post.id}` })]);
    expect(tiered.id).toBeGreaterThan(post.id);

    // One click: GET asks, POST (also the mail provider's one-click, form-encoded, without our Origin) unsubscribes.
    const path = link.replace("http://localhost:3000", "");
    expect((await t.app.inject({ url: path })).body).toContain("Stop mention emails");
    const forged = await t.app.inject({ method: "POST", url: path.replace(/t=[^&]+/, "t=forged"), payload: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(forged.statusCode).toBe(400);
    const bulkLink = path.replace("/api/community/mentions/unsubscribe", "/api/email/unsubscribe");
    expect((await t.app.inject({ method: "POST", url: bulkLink, payload: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } })).statusCode).toBe(400);
    const done = await t.app.inject({ method: "POST", url: path, payload: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/notifications/preferences", headers: { cookie: grace.cookie } })).json().topics.mentions).toBe("app");

    await api.reply(author.cookie, post.id, "@Grace Hopper one more thing");
    await api.post(author.cookie, "@Alan Turing welcome aboard");
    await waitForMail(alan.email);
    expect(await mailTo(grace.email)).toHaveLength(2);
  });
});

describe("the answer cache", () => {
  it("shows a flag and a hide made through another instance within a second (the flags table bumps the community version)", async () => {
    const other = await buildTestApp({ CONTENT_VERSION_CHECK_MS: "250" }, t);
    try {
      const reader = await memberCookie(t, "inventor");
      const author = await memberCookie(t, "inventor");
      const post = await api.post(author.cookie, "Soon hidden by an admin elsewhere");
      const feedOnOther = async () => ((await other.app.inject({ url: "/api/community/posts?limit=50", headers: { cookie: reader.cookie } })).json() as { posts: Post[] }).posts;
      const idsOnOther = async () => (await feedOnOther()).map((item) => item.id);
      const flaggedOnOther = async () => (await feedOnOther()).find((item) => item.id === post.id)?.flaggedByMe;
      expect(await flaggedOnOther()).toBe(false);
      // A flag changes no post row: only the flags table's trigger tells the other instance.
      expect((await flag(reader.cookie, "posts", post.id, "Looks like spam")).statusCode).toBe(201);
      await expect.poll(flaggedOnOther, { timeout: 2000, interval: 50 }).toBe(true);
      expect((await decide("posts", post.id, "hide")).statusCode).toBe(204);
      const hiddenAt = Date.now();
      await expect.poll(idsOnOther, { timeout: 2000, interval: 50 }).not.toContain(post.id);
      expect(Date.now() - hiddenAt).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  });
});
