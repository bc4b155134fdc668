import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../../common/contracts/community";
import { MESSAGING_MESSAGES, type ConversationDetail, type ConversationList } from "../../../common/contracts/messages";
import { DEFAULT_GENERAL_SETTINGS } from "../../../common/contracts/settings";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { communitySuspensions } from "../community/moderation.table";
import { getJson, seasonedMember, send, start, started, type Member } from "./messages.test-support";

let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false" });
  admin = await seasonedMember(t, "admin", "Alan Admin");
});
afterAll(() => t.close());

const conversation = (member: Member, id: number, query = ""): Promise<ConversationDetail> => getJson(t, member, `/api/messages/conversations/${id}${query}`);
const list = (member: Member, query = ""): Promise<ConversationList> => getJson(t, member, `/api/messages/conversations${query}`);
const refusal = (response: { statusCode: number; json(): { error: { message: string } } }) => ({ status: response.statusCode, message: response.json().error.message });

describe("who may write to whom", () => {
  it("refuses anonymous visitors and deactivated accounts on every endpoint", async () => {
    expect((await t.app.inject({ url: "/api/messages/conversations" })).statusCode).toBe(401);
    expect((await sendJson(t.app, "POST", "/api/messages/conversations", { recipientId: "x", body: "hi" })).statusCode).toBe(401);
    const gone = await seasonedMember(t, "brand-ceo");
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, gone.userId));
    t.viewers.forgetUser(gone.userId);
    expect((await t.app.inject({ url: "/api/messages/unread-count", headers: { cookie: gone.cookie } })).statusCode).toBe(403);
    expect((await start(t, gone, admin, "hello")).statusCode).toBe(403);
  });

  it("lets a paid member start a conversation, and a second start reuses it", async () => {
    const ada = await seasonedMember(t, "inventor", "Ada Lovelace");
    const grace = await seasonedMember(t, "free", "Grace Hopper");
    const first = await started(t, ada, grace, "Hello Grace, I saw your post about moulds.");
    expect(first.message).toMatchObject({ fromMe: true, body: "Hello Grace, I saw your post about moulds.", hidden: false });
    const again = await started(t, ada, grace, "One more thing.");
    expect(again.conversationId).toBe(first.conversationId);
    // The free member replies, in the conversation and through the start endpoint alike.
    expect((await send(t, grace, first.conversationId, "Thanks Ada!")).statusCode).toBe(201);
    expect((await started(t, grace, ada, "And hello again.")).conversationId).toBe(first.conversationId);
    const read = await conversation(ada, first.conversationId);
    expect(read.messages.map((message) => [message.fromMe, message.body])).toEqual([
      [true, "Hello Grace, I saw your post about moulds."],
      [true, "One more thing."],
      [false, "Thanks Ada!"],
      [false, "And hello again."],
    ]);
    expect(read.conversation).toMatchObject({ other: { id: grace.userId, name: "Grace Hopper", tier: "free" }, canReply: true, cannotReply: null, unread: 2 });
  });

  it("lets a free member start a conversation only with an admin", async () => {
    const free = await seasonedMember(t, "free", "Fay Free");
    const paid = await seasonedMember(t, "entrepreneur");
    expect(refusal(await start(t, free, paid, "Hi!"))).toEqual({ status: 403, message: MESSAGING_MESSAGES.freeCannotStart });
    expect(await getJson(t, free, `/api/messages/with/${paid.userId}`)).toEqual({ conversationId: null, canStart: false, reason: MESSAGING_MESSAGES.freeCannotStart, person: expect.objectContaining({ id: paid.userId, tier: "entrepreneur" }) });
    expect(await getJson(t, free, `/api/messages/with/${admin.userId}`)).toEqual({ conversationId: null, canStart: true, reason: null, person: expect.objectContaining({ id: admin.userId, tier: "admin" }) });
    expect(await getJson(t, free, "/api/messages/with/no-such-member")).toMatchObject({ canStart: false, person: null });
    const sent = await started(t, free, admin, "Hello admin, a billing question.");
    expect(await getJson(t, free, `/api/messages/with/${admin.userId}`)).toMatchObject({ conversationId: sent.conversationId, canStart: true, reason: null });
    expect(refusal(await start(t, free, free, "me"))).toEqual({ status: 400, message: MESSAGING_MESSAGES.self });
  });

  it("refuses everyone once a member turns messages off, in existing conversations too", async () => {
    const ada = await seasonedMember(t, "brand-ceo");
    const quiet = await seasonedMember(t, "inventor");
    const { conversationId } = await started(t, ada, quiet, "Before you turned messages off");
    expect(await getJson(t, quiet, "/api/messages/settings")).toEqual({ acceptsMessages: true });
    expect((await sendJson(t.app, "PUT", "/api/messages/settings", { acceptsMessages: "no" }, quiet.cookie)).statusCode).toBe(400);
    expect((await sendJson(t.app, "PUT", "/api/messages/settings", { acceptsMessages: false }, quiet.cookie)).json()).toEqual({ acceptsMessages: false });
    expect(refusal(await send(t, ada, conversationId, "Still there?"))).toEqual({ status: 403, message: MESSAGING_MESSAGES.notAccepting });
    expect(refusal(await start(t, admin, quiet, "Admin here"))).toEqual({ status: 403, message: MESSAGING_MESSAGES.notAccepting });
    expect((await conversation(ada, conversationId)).conversation).toMatchObject({ canReply: false, cannotReply: MESSAGING_MESSAGES.notAccepting });
    expect((await getJson(t, ada, `/api/messages/with/${quiet.userId}`)).reason).toBe(MESSAGING_MESSAGES.notAccepting);
  });

  it("holds a block both ways, and the blocked member is told only that the member is not accepting messages", async () => {
    const blocker = await seasonedMember(t, "inventor", "Bea Blocker");
    const pest = await seasonedMember(t, "brand-ceo", "Pete Pest");
    const { conversationId } = await started(t, pest, blocker, "Buy my course");
    expect((await sendJson(t.app, "PUT", `/api/messages/blocks/${pest.userId}`, undefined, blocker.cookie)).statusCode).toBe(204);
    expect((await sendJson(t.app, "PUT", `/api/messages/blocks/${pest.userId}`, undefined, blocker.cookie)).statusCode).toBe(204);
    expect((await sendJson(t.app, "PUT", `/api/messages/blocks/${blocker.userId}`, undefined, blocker.cookie)).statusCode).toBe(400);
    expect((await sendJson(t.app, "PUT", "/api/messages/blocks/nobody-here", undefined, blocker.cookie)).statusCode).toBe(404);
    expect((await getJson(t, blocker, "/api/messages/blocks")).blocked).toEqual([expect.objectContaining({ id: pest.userId, name: "Pete Pest" })]);
    expect(refusal(await send(t, pest, conversationId, "Hello?"))).toEqual({ status: 403, message: MESSAGING_MESSAGES.notAccepting });
    expect(refusal(await start(t, pest, blocker, "Hello?"))).toEqual({ status: 403, message: MESSAGING_MESSAGES.notAccepting });
    expect(refusal(await send(t, blocker, conversationId, "Go away"))).toEqual({ status: 403, message: MESSAGING_MESSAGES.notAccepting });
    expect((await conversation(pest, conversationId)).conversation).toMatchObject({ canReply: false, cannotReply: MESSAGING_MESSAGES.notAccepting, blockedByMe: false });
    expect((await conversation(blocker, conversationId)).conversation).toMatchObject({ canReply: false, blockedByMe: true });
    expect((await sendJson(t.app, "DELETE", `/api/messages/blocks/${pest.userId}`, undefined, blocker.cookie)).statusCode).toBe(204);
    expect((await send(t, pest, conversationId, "Sorry about that")).statusCode).toBe(201);
  });

  it("refuses a suspended member, with the suspension's end", async () => {
    const member = await seasonedMember(t, "inventor");
    const friend = await seasonedMember(t, "inventor");
    const { conversationId } = await started(t, friend, member, "Hi");
    await t.database.db.insert(communitySuspensions).values({ userId: member.userId, until: sql`now() + interval '2 days'`, message: "Cool off" });
    const refused = refusal(await send(t, member, conversationId, "Hey"));
    expect(refused.status).toBe(403);
    expect(refused.message).toContain(MODERATION_MESSAGES.suspended("").slice(0, 20));
    expect((await start(t, member, friend, "Hey")).statusCode).toBe(403);
    expect((await conversation(member, conversationId)).conversation.canReply).toBe(false);
  });

  it("answers 404 for a conversation of others, and 400 for messages out of bounds", async () => {
    const [one, two, stranger] = [await seasonedMember(t, "inventor"), await seasonedMember(t, "inventor"), await seasonedMember(t, "brand-ceo")];
    const { conversationId } = await started(t, one, two, "Private");
    expect((await t.app.inject({ url: `/api/messages/conversations/${conversationId}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/messages/conversations/${conversationId}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    expect((await send(t, stranger, conversationId, "Hi")).statusCode).toBe(404);
    expect((await sendJson(t.app, "POST", `/api/messages/conversations/${conversationId}/read`, { lastMessageId: 1 }, stranger.cookie)).statusCode).toBe(404);
    expect(refusal(await send(t, one, conversationId, "   "))).toEqual({ status: 400, message: MESSAGING_MESSAGES.required });
    expect(refusal(await send(t, one, conversationId, "x".repeat(5001)))).toEqual({ status: 400, message: MESSAGING_MESSAGES.tooLong });
    expect((await send(t, one, conversationId, "x".repeat(5000))).statusCode).toBe(201);
  });
});

describe("against spam", () => {
  it("holds a link in the first message of an account younger than a day, and nowhere else", async () => {
    const fresh = await memberCookie(t, "inventor");
    const older = await seasonedMember(t, "inventor");
    for (const body of ["See https://spam.example/offer", "visit www.cheap-patents", "go to example.com now", "Email me at deals.io"]) {
      expect(refusal(await start(t, fresh, older, body))).toEqual({ status: 400, message: MESSAGING_MESSAGES.newAccountLinks });
    }
    const { conversationId } = await started(t, fresh, older, "Hello! I am new here. Building a prototype v2.5 of a lamp.");
    expect((await send(t, fresh, conversationId, "My site is example.com")).statusCode).toBe(201);
    expect((await started(t, older, await seasonedMember(t, "inventor"), "See https://example.com/patents")).message.body).toContain("https://");
  });

  it("limits new conversations per member per day to the General Settings' number, also when started at once", async () => {
    expect((await sendJson(t.app, "PUT", "/api/admin/settings", { ...DEFAULT_GENERAL_SETTINGS, dailyNewConversations: 3 }, admin.cookie)).json().dailyNewConversations).toBe(3);
    expect((await sendJson(t.app, "PUT", "/api/admin/settings", { ...DEFAULT_GENERAL_SETTINGS, dailyNewConversations: 0 }, admin.cookie)).statusCode).toBe(400);
    try {
      const busy = await seasonedMember(t, "brand-ceo");
      const others = await Promise.all(Array.from({ length: 6 }, () => seasonedMember(t, "inventor")));
      const responses = await Promise.all(others.map((other) => start(t, busy, other, "Want to collaborate?")));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
      expect(responses.find((response) => response.statusCode === 429)?.json().error.message).toBe(MESSAGING_MESSAGES.dailyLimit(3));
      // Replies and messages in the conversations already started do not count.
      const open = others[responses.findIndex((response) => response.statusCode === 201)] as Member;
      expect((await start(t, busy, open, "Following up")).statusCode).toBe(201);
      const counted = (await t.database.db.execute(sql`select count(*)::int as started from dm_conversations where started_by = ${busy.userId}`)) as unknown as { rows: Array<{ started: number }> };
      expect(counted.rows[0]?.started).toBe(3);
    } finally {
      await sendJson(t.app, "PUT", "/api/admin/settings", DEFAULT_GENERAL_SETTINGS, admin.cookie);
    }
  });

  it("makes one conversation when both members start it at the same moment", async () => {
    const [one, two] = [await seasonedMember(t, "inventor"), await seasonedMember(t, "entrepreneur")];
    const [a, b] = await Promise.all([start(t, one, two, "Hi from one"), start(t, two, one, "Hi from two")]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().conversationId).toBe(b.json().conversationId);
    expect((await conversation(one, a.json().conversationId)).messages).toHaveLength(2);
    expect((await list(one)).conversations).toHaveLength(1);
  });
});

describe("conversation list and read state", () => {
  it("lists conversations newest first with unread counts, pages them, and marks them read", async () => {
    const reader = await seasonedMember(t, "inventor", "Rita Reader");
    const writers = await Promise.all(Array.from({ length: 32 }, (_, index) => seasonedMember(t, "brand-ceo", `Writer ${index}`)));
    for (const writer of writers) await started(t, writer, reader, `Hello from ${writer.email}`);
    const last = writers.at(-1) as Member;
    const { conversationId } = await started(t, last, reader, "Second message from the newest writer");
    expect(await getJson(t, reader, "/api/messages/unread-count")).toEqual({ unread: 32 });
    const first = await list(reader);
    expect(first.conversations).toHaveLength(30);
    expect(first.conversations[0]).toMatchObject({ id: conversationId, other: { name: `Writer 31` }, unread: 2, lastMessage: { excerpt: "Second message from the newest writer", fromMe: false } });
    expect(first.nextCursor).not.toBeNull();
    const second = await list(reader, `?cursor=${encodeURIComponent(first.nextCursor ?? "")}`);
    expect(second.conversations.map((item) => item.other.name)).toEqual(["Writer 1", "Writer 0"]);
    expect(second.nextCursor).toBeNull();
    expect((await t.app.inject({ url: "/api/messages/conversations?cursor=garbage", headers: { cookie: reader.cookie } })).statusCode).toBe(400);

    const detail = await conversation(reader, conversationId);
    const newest = detail.messages.at(-1)?.id ?? 0;
    expect((await sendJson(t.app, "POST", `/api/messages/conversations/${conversationId}/read`, { lastMessageId: newest }, reader.cookie)).json()).toEqual({ unread: 0 });
    expect(await getJson(t, reader, "/api/messages/unread-count")).toEqual({ unread: 31 });
    // The message notification is read with the conversation.
    const notifications = (await getJson(t, reader, "/api/notifications")).notifications as Array<{ event: string; text: string; link: string; read: boolean }>;
    expect(notifications.find((item) => item.link === `/members/messages/${conversationId}`)).toMatchObject({ event: "message", text: "Writer 31 sent you 2 messages", read: true });
  });

  it("reads the newest page of a long conversation first, and older ones through the cursor", async () => {
    const [one, two] = [await seasonedMember(t, "inventor"), await seasonedMember(t, "inventor")];
    const { conversationId } = await started(t, one, two, "message 1");
    for (let index = 2; index <= 55; index += 1) await send(t, index % 2 ? one : two, conversationId, `message ${index}`);
    const newest = await conversation(one, conversationId);
    expect(newest.messages).toHaveLength(50);
    expect(newest.messages[0]?.body).toBe("message 6");
    expect(newest.messages.at(-1)?.body).toBe("message 55");
    const older = await conversation(one, conversationId, `?before=${newest.olderCursor}`);
    expect(older.messages.map((message) => message.body)).toEqual(["message 1", "message 2", "message 3", "message 4", "message 5"]);
    expect(older.olderCursor).toBeNull();
  });

  it("reads the list with one indexed query over the member's side of conversations", async () => {
    const member = await seasonedMember(t, "inventor");
    const plan: unknown = await t.database.db.transaction(async (tx) => {
      // The test database is tiny: a sequential scan would win; the index must be usable at all.
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select p.conversation_id from dm_participants p where p.user_id = ${member.userId} order by p.last_message_at desc, p.conversation_id desc limit 31`);
    });
    expect(JSON.stringify(plan)).toContain("dm_participants_list_idx");
  });
});

describe("notifications about messages", () => {
  it("gathers unread messages of one conversation in one notification, and no one who blocked the actor hears of their replies or likes", async () => {
    const [ada, bob] = [await seasonedMember(t, "inventor", "Ada Lovelace"), await seasonedMember(t, "inventor", "Bob Builder")];
    const { conversationId } = await started(t, ada, bob, "First");
    await send(t, ada, conversationId, "Second");
    await send(t, ada, conversationId, "Third");
    const mine = ((await getJson(t, bob, "/api/notifications")).notifications as Array<{ event: string; text: string; excerpt: string; link: string }>).filter((item) => item.event === "message");
    expect(mine).toEqual([expect.objectContaining({ text: "Ada Lovelace sent you 3 messages", excerpt: "Third", link: `/members/messages/${conversationId}` })]);

    const post = await sendJson(t.app, "POST", "/api/community/posts", { content: "Who knows injection moulding?" }, bob.cookie);
    expect(post.statusCode, post.body).toBe(201);
    await sendJson(t.app, "PUT", `/api/messages/blocks/${ada.userId}`, undefined, bob.cookie);
    expect((await sendJson(t.app, "POST", `/api/community/posts/${post.json().id}/replies`, { content: "Me!" }, ada.cookie)).statusCode).toBe(201);
    expect((await sendJson(t.app, "POST", `/api/community/posts/${post.json().id}/like`, undefined, ada.cookie)).statusCode).toBeLessThan(300);
    const after = (await getJson(t, bob, "/api/notifications")).notifications as Array<{ event: string }>;
    expect(after.map((item) => item.event)).toEqual(["message"]);
  });
});
