import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification, NotificationList } from "../../../common/contracts/notifications";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { openEventStream, type EventStreamClient } from "./event-stream-client.test-support";

let t: TestApp;
let second: TestApp;
let secondUrl: string;
type Member = Awaited<ReturnType<typeof memberCookie>>;
let author: Member;
let ada: Member;
let grace: Member;
let linus: Member;

beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false", NOTIFICATION_HEARTBEAT_SECONDS: "1" });
  second = await buildTestApp({ SEED_DEMO: "false", NOTIFICATION_HEARTBEAT_SECONDS: "1" }, t);
  await second.app.listen({ port: 0, host: "127.0.0.1" });
  secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
  author = await memberCookie(t, "entrepreneur", "Avery Author");
  ada = await memberCookie(t, "inventor", "Ada Lovelace");
  grace = await memberCookie(t, "entrepreneur", "Grace Hopper");
  linus = await memberCookie(t, "brand-ceo", "Linus Pauling");
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function post(member: Member, content: string, accessLevel?: string): Promise<number> {
  const response = await sendJson(t.app, "POST", accessLevel ? "/api/admin/community/posts" : "/api/community/posts", { content, ...(accessLevel ? { accessLevel } : {}) }, member.cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function reply(member: Member, postId: number, content: string): Promise<void> {
  const response = await sendJson(t.app, "POST", `/api/community/posts/${postId}/replies`, { content }, member.cookie);
  expect(response.statusCode, response.body).toBe(201);
}

async function list(member: Member, query = ""): Promise<NotificationList> {
  const response = await t.app.inject({ url: `/api/notifications${query}`, headers: { cookie: member.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const unread = async (member: Member) => (await t.app.inject({ url: "/api/notifications/unread-count", headers: { cookie: member.cookie } })).json().unread as number;

describe("the notification centre", () => {
  it("tells a post's author and the earlier repliers about a reply, never the one replying, and marks read one or all", async () => {
    const postId = await post(author, "How do you price a first production run?");
    await reply(ada, postId, "Start from the landed cost per unit.");
    await reply(grace, postId, "And add a margin for returns.");

    const authors = await list(author);
    expect(authors.notifications.map((n) => n.text)).toEqual(["Grace Hopper replied to your post", "Ada Lovelace replied to your post"]);
    expect(authors.notifications[0]).toMatchObject({ excerpt: "And add a margin for returns.", link: `/members/community?post=${postId}`, read: false });
    expect(authors.unread).toBe(2);
    expect((await list(ada)).notifications.map((n) => n.text)).toEqual(["Grace Hopper also replied to a post you replied to"]);
    expect((await list(grace)).notifications).toEqual([]);

    const [newest] = authors.notifications as [Notification];
    const read = await sendJson(t.app, "POST", `/api/notifications/${newest.id}/read`, undefined, author.cookie);
    expect(read.json()).toEqual({ unread: 1 });
    expect((await list(author, "?unread=true")).notifications.map((n) => n.text)).toEqual(["Ada Lovelace replied to your post"]);
    // Someone else's notification is not found, whoever asks.
    expect((await sendJson(t.app, "POST", `/api/notifications/${newest.id}/read`, undefined, ada.cookie)).statusCode).toBe(404);
    expect((await sendJson(t.app, "POST", "/api/notifications/read-all", undefined, author.cookie)).json()).toEqual({ unread: 0 });
    expect(await unread(author)).toBe(0);
  });

  it("gathers likes into one notification until it is read: 'Ada Lovelace and 2 others liked your post'", async () => {
    const postId = await post(author, "My prototype finally works");
    for (const member of [grace, linus, ada]) expect((await sendJson(t.app, "POST", `/api/community/posts/${postId}/like`, undefined, member.cookie)).json().liked).toBe(true);
    const likes = (await list(author)).notifications.filter((n) => n.event === "post-like");
    expect(likes.map((n) => n.text)).toEqual(["Ada Lovelace and 2 others liked your post"]);
    await sendJson(t.app, "POST", "/api/notifications/read-all", undefined, author.cookie);
    // Unliking and liking again after the read starts a new notification.
    await sendJson(t.app, "POST", `/api/community/posts/${postId}/like`, undefined, grace.cookie);
    await sendJson(t.app, "POST", `/api/community/posts/${postId}/like`, undefined, grace.cookie);
    expect((await list(author, "?unread=true")).notifications.map((n) => n.text)).toEqual(["Grace Hopper and 2 others liked your post"]);
    await sendJson(t.app, "POST", "/api/notifications/read-all", undefined, author.cookie);
  });

  it("shows nothing above the member's tier of the moment: a downgrade hides it, an upgrade shows it again", async () => {
    const admin = await memberCookie(t, "admin", "Ada Admin");
    const postId = await post(admin, "Brand CEO only: retailer contacts", "brand-ceo");
    await reply(linus, postId, "Thanks, this is gold.");
    expect((await list(admin)).notifications.map((n) => n.text)).toEqual(["Linus Pauling replied to your post"]);
    await t.database.db.update(users).set({ role: "user", membershipTier: "inventor" }).where(eq(users.id, admin.userId));
    t.viewers.forgetUser(admin.userId);
    expect(await list(admin)).toMatchObject({ notifications: [], unread: 0 });
    expect(await unread(admin)).toBe(0);
    await t.database.db.update(users).set({ membershipTier: "brand-ceo" }).where(eq(users.id, admin.userId));
    t.viewers.forgetUser(admin.userId);
    expect(await unread(admin)).toBe(1);
  });

  it("keeps each member's choice per topic: off writes nothing, and a choice that does not exist is refused", async () => {
    const defaults = await t.app.inject({ url: "/api/notifications/preferences", headers: { cookie: ada.cookie } });
    expect(defaults.json().topics).toMatchObject({ replies: "app", mentions: "email", likes: "app" });
    const saved = await sendJson(t.app, "PUT", "/api/notifications/preferences", { topics: { replies: "off" } }, ada.cookie);
    expect(saved.json().topics).toMatchObject({ replies: "off", mentions: "email" });
    const wrong = await sendJson(t.app, "PUT", "/api/notifications/preferences", { topics: { replies: "sometimes" } }, ada.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("Choose in the app, by email, a daily or weekly digest, or off");
    expect((await sendJson(t.app, "PUT", "/api/notifications/preferences", { topics: { gossip: "app" } }, ada.cookie)).statusCode).toBe(400);

    const postId = await post(ada, "Which patent attorney did you use?");
    await reply(grace, postId, "Mine was great, I'll DM you.");
    expect((await list(ada)).notifications.filter((n) => n.event === "post-reply")).toEqual([]);
    await sendJson(t.app, "PUT", "/api/notifications/preferences", { topics: { replies: "app" } }, ada.cookie);
  });

  it("answers members only", async () => {
    expect((await t.app.inject({ url: "/api/notifications" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/notifications/stream" })).statusCode).toBe(401);
  });
});

describe("live notifications", () => {
  const streams: EventStreamClient[] = [];
  afterAll(() => streams.forEach((stream) => stream.close()));
  const open = async (member: Member, headers: Record<string, string> = {}) => {
    const stream = await openEventStream(`${secondUrl}/api/notifications/stream`, { cookie: member.cookie, ...headers });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === "ready");
    return stream;
  };

  it("reaches a member connected to the other instance, with the unread count, and keeps a quiet stream alive", async () => {
    const stream = await open(author);
    const postId = await post(author, "Live test: anyone tried injection moulding in Ohio?");
    await reply(grace, postId, "Yes, in Dayton.");
    const event = await stream.next((candidate) => candidate.event === "notification");
    expect(event.data).toMatchObject({ notification: { text: "Grace Hopper replied to your post", excerpt: "Yes, in Dayton." }, unread: 1 });
    expect(Number(event.id)).toBeGreaterThan(0);
    // Reading on one instance updates the count on the stream of the other.
    await sendJson(t.app, "POST", "/api/notifications/read-all", undefined, author.cookie);
    expect((await stream.next((candidate) => candidate.event === "read")).data).toEqual({ unread: 0 });
  });

  it("replays what was missed after Last-Event-ID, once, in order", async () => {
    const first = await open(author);
    const postId = await post(author, "Replay test post");
    await reply(ada, postId, "One");
    const seen = await first.next((event) => event.event === "notification");
    first.close();
    await reply(grace, postId, "Two");
    await reply(linus, postId, "Three");
    const resumed = await open(author, { "last-event-id": seen.id ?? "" });
    const replayed = [await resumed.next((event) => event.event === "notification"), await resumed.next((event) => event.event === "notification")];
    expect(replayed.map((event) => (event.data as { notification: Notification }).notification.excerpt)).toEqual(["Two", "Three"]);
    expect(resumed.events.filter((event) => event.event === "notification")).toHaveLength(2);
    await sendJson(t.app, "POST", "/api/notifications/read-all", undefined, author.cookie);
  });

  it("ends the stream of a member who is deactivated, and sends a downgraded member nothing above their tier", async () => {
    const member = await memberCookie(t, "brand-ceo", "Dana Downgrade");
    const stream = await open(member);
    const admin = await memberCookie(t, "admin", "Moderator Max");
    const ceoPost = await post(admin, "For Brand CEOs", "brand-ceo");
    const openPost = await post(member, "Open to all");
    await t.database.db.update(users).set({ membershipTier: "free" }).where(eq(users.id, member.userId));
    for (const instance of [t, second]) instance.viewers.forgetUser(member.userId);
    // Dana replied to the CEO post before the downgrade; the admin's reply there must not reach her now.
    await t.database.db.update(users).set({ membershipTier: "brand-ceo" }).where(eq(users.id, member.userId));
    await reply(member, ceoPost, "Count me in");
    await t.database.db.update(users).set({ membershipTier: "free" }).where(eq(users.id, member.userId));
    for (const instance of [t, second]) instance.viewers.forgetUser(member.userId);
    await reply(admin, ceoPost, "Agenda attached");
    await reply(admin, openPost, "Welcome!");
    const delivered = await stream.next((event) => event.event === "notification");
    expect((delivered.data as { notification: Notification }).notification.excerpt).toBe("Welcome!");
    expect(stream.events.filter((event) => event.event === "notification")).toHaveLength(1);

    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, member.userId));
    for (const instance of [t, second]) instance.viewers.forgetUser(member.userId);
    // The next heartbeat checks the session and ends the stream.
    await stream.ended;
  });

  it("ends every stream when the instance stops, so browsers reconnect elsewhere", async () => {
    const other = await buildTestApp({ SEED_DEMO: "false" }, t);
    await other.app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openEventStream(`http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}/api/notifications/stream`, { cookie: ada.cookie });
    await stream.next((event) => event.event === "ready");
    expect(other.notificationStreams.size()).toBe(1);
    await other.close();
    await stream.ended;
  });
});

describe("moderators' decisions", () => {
  it("tell the author and the members whose flags they settle", async () => {
    const admin = await memberCookie(t, "admin", "Mod Erator");
    const flagger = await memberCookie(t, "entrepreneur", "Flo Flagger");
    const postId = await post(ada, "Buy my course at spam.example.com");
    expect((await sendJson(t.app, "POST", `/api/community/posts/${postId}/flag`, { reason: "spam" }, flagger.cookie)).statusCode).toBe(201);
    expect((await sendJson(t.app, "POST", `/api/admin/moderation/posts/${postId}/decision`, { decision: "delete" }, admin.cookie)).statusCode).toBe(204);
    expect((await list(ada)).notifications.filter((n) => n.event === "moderation").map((n) => [n.text, n.excerpt, n.link])).toEqual([["A moderator removed your post", "Buy my course at spam.example.com", "/members/community"]]);
    expect((await list(flagger)).notifications.filter((n) => n.event === "moderation").map((n) => n.text)).toEqual(["A moderator removed a post you flagged. Thank you"]);
  });
});
