import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DATA_MESSAGES, type AccountDataSummary } from "../../../common/contracts/account-data";
import { AUTH_MESSAGES } from "../../../common/contracts/auth";
import { accounts, users } from "../../auth/auth.table";
import { billingCustomers } from "../../billing/billing.table";
import { localInvoices, localSubscriptions } from "../../billing/local/local.table";
import { outboxMessages } from "../../mail/outbox.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { communityPosts, communityReplies } from "../community/community.table";
import { adminAuditLog } from "../users/audit-log.table";
import { tablesMentioning } from "./account-data.test-support";
import { seedEveryTable } from "./member-data.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_ACCOUNT: "4" });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const me = async (cookie: string) => (await get("/api/me", cookie)).json().user;
const deleteAccount = (cookie: string, body: object) => sendJson(t.app, "POST", "/api/me/account/delete", body, cookie);
const summary = async (cookie: string): Promise<AccountDataSummary> => (await get("/api/me/data", cookie)).json();

describe("a member deletes their own account", () => {
  it("refuses the last active admin, and lets them go once another admin exists", async () => {
    const onlyAdmin = await memberCookie(t, "admin", "Only Admin");
    expect((await summary(onlyAdmin.cookie)).deletion).toMatchObject({ isLastAdmin: true, confirmBy: "password" });
    const refused = await deleteAccount(onlyAdmin.cookie, { password: "secret1", posts: "anonymise" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ACCOUNT_DATA_MESSAGES.lastAdmin);
    expect(await me(onlyAdmin.cookie)).toMatchObject({ role: "admin" });

    await memberCookie(t, "admin", "Second Admin");
    expect((await summary(onlyAdmin.cookie)).deletion.isLastAdmin).toBe(false);
    expect((await deleteAccount(onlyAdmin.cookie, { password: "secret1", posts: "anonymise" })).statusCode).toBe(200);
  });

  it("refuses a wrong or missing password and changes nothing; guesses are limited like sign-in (429)", async () => {
    const member = await memberCookie(t, "inventor", "Careful Member");
    const wrong = await deleteAccount(member.cookie, { password: "not-my-password", posts: "anonymise" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ message: ACCOUNT_DATA_MESSAGES.wrongPassword, fields: { password: ACCOUNT_DATA_MESSAGES.wrongPassword } });
    const missing = await deleteAccount(member.cookie, { posts: "anonymise" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(ACCOUNT_DATA_MESSAGES.confirmationRequired);
    const badChoice = await deleteAccount(member.cookie, { password: "secret1", posts: "keep-forever" });
    expect(badChoice.statusCode).toBe(400);
    expect(await me(member.cookie)).toMatchObject({ email: member.email });
    // AUTH_RATE_LIMIT_ACCOUNT is 4 here: one counted attempt above (bodies that fail validation are not), three more wrong ones, then even the right password waits.
    for (const attempt of [1, 2, 3]) expect((await deleteAccount(member.cookie, { password: `guess-${attempt}`, posts: "anonymise" })).statusCode).toBe(400);
    const limited = await deleteAccount(member.cookie, { password: "secret1", posts: "anonymise" });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(limited.json().error.message).toBe(AUTH_MESSAGES.rateLimited);
    expect(await me(member.cookie)).toMatchObject({ email: member.email });
  });

  it("answers 401 to visitors", async () => {
    expect((await sendJson(t.app, "POST", "/api/me/account/delete", { password: "x", posts: "anonymise" })).statusCode).toBe(401);
    expect((await sendJson(t.app, "POST", "/api/me/account/deletion-link", {})).statusCode).toBe(401);
  });

  it("leaves no personal data and no files: subscription cancelled and customer deleted at the provider, posts kept as 'Deleted member', sessions ended", async () => {
    const name = "Zelda Quixote-Farnsworth";
    const member = await memberCookie(t, "admin", name);
    const other = await memberCookie(t, "brand-ceo", "Staying Member");
    const seeded = await seedEveryTable(t, member, other);
    const { db } = t.database;
    const [customer] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, member.userId));
    const customerId = customer?.customerId ?? "";
    expect(await db.select().from(localInvoices).where(eq(localInvoices.customerId, customerId))).toHaveLength(1);
    // A mail that names the member to someone else (an admin's copy) and a sign-in counter under their address.
    await db.insert(outboxMessages).values({ to: other.email, subject: "New sign-up", text: `${name} <${member.email}> joined`, html: "<p>joined</p>", transport: "outbox", status: "stored" });
    await db.execute(sql`insert into rate_limits (key, count, reset_at) values (${`account:/sign-in/email:${member.email}`}, 1, now() + interval '1 hour')`);
    expect((await summary(member.cookie)).deletion).toMatchObject({ posts: 1, replies: 1, uploads: 1, hasLiveSubscription: true, isLastAdmin: false });

    const response = await deleteAccount(member.cookie, { password: "secret1", posts: "anonymise" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, message: ACCOUNT_DATA_MESSAGES.deleted });
    expect(String(response.headers["set-cookie"])).toMatch(/Max-Age=0/);
    expect(await me(member.cookie)).toBeNull();

    // Nothing anywhere in the database names them, by email or by name.
    expect(await tablesMentioning(db, member.email)).toEqual([]);
    expect(await tablesMentioning(db, name)).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, member.userId))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, member.userId))).toEqual([]);
    // Their file is gone from the store; the provider holds nothing for the customer any more.
    expect(await t.files.stat(seeded.fileKey)).toBeNull();
    expect(await db.select().from(localSubscriptions).where(eq(localSubscriptions.customerId, customerId))).toEqual([]);
    expect(await db.select().from(localInvoices).where(eq(localInvoices.customerId, customerId))).toEqual([]);

    // Their post and reply stay, authorless: the feed shows 'Deleted member'.
    const [post] = await db.select().from(communityPosts).where(eq(communityPosts.id, seeded.postId));
    expect(post).toMatchObject({ authorId: null, content: "My export-worthy invention diary" });
    const feed = (await get("/api/community/posts?limit=50", other.cookie)).json();
    expect(feed.posts.find((entry: { id: number }) => entry.id === seeded.postId)).toMatchObject({ author: { name: "Deleted member" } });
    const [othersPost] = await db.select().from(communityPosts).where(eq(communityPosts.id, seeded.othersPostId));
    expect(othersPost).toMatchObject({ likeCount: 0, replyCount: 1 });

    // One audit entry records the deletion, with no name or email.
    const [entry] = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "delete-own-account"), eq(adminAuditLog.targetId, member.userId)));
    expect(entry).toMatchObject({ actorId: null, actorEmail: `deleted user ${member.userId}`, targetEmail: `deleted user ${member.userId}`, before: { role: "admin", membershipTier: "inventor" }, after: { posts: "kept as Deleted member", uploadsRemoved: 1 } });
  }, 60_000);

  it("deletes their posts and replies when they choose so; the posts they answered count one reply fewer", async () => {
    const member = await memberCookie(t, "inventor", "Leaving Writer");
    const other = await memberCookie(t, "inventor", "Thread Owner");
    const { db } = t.database;
    const [own] = await db.insert(communityPosts).values({ authorId: member.userId, content: "My post, to be deleted" }).returning();
    const [thread] = await db.insert(communityPosts).values({ authorId: other.userId, content: "Thread", replyCount: 2 }).returning();
    if (!own || !thread) throw new Error("no posts");
    await db.insert(communityReplies).values([
      { postId: thread.id, authorId: member.userId, content: "My reply, to be deleted" },
      { postId: thread.id, authorId: other.userId, content: "Stays" },
    ]);
    const response = await deleteAccount(member.cookie, { password: "secret1", posts: "delete" });
    expect(response.statusCode).toBe(200);
    expect(await db.select().from(communityPosts).where(eq(communityPosts.id, own.id))).toEqual([]);
    expect((await db.select().from(communityReplies).where(eq(communityReplies.postId, thread.id))).map((reply) => reply.content)).toEqual(["Stays"]);
    expect((await db.select().from(communityPosts).where(eq(communityPosts.id, thread.id)))[0]?.replyCount).toBe(1);
  });
});

describe("an account without a password confirms by a mailed, single-use link", () => {
  async function socialMember(name: string) {
    const member = await memberCookie(t, "free", name);
    // As a Google or SSO sign-in leaves it: a provider account, no password.
    await t.database.db.update(accounts).set({ providerId: "google", accountId: randomUUID(), password: null }).where(eq(accounts.userId, member.userId));
    return member;
  }
  const mailedToken = async (email: string) => {
    const [mail] = await t.database.db.select().from(outboxMessages).where(sql`lower(${outboxMessages.to}) = ${email.toLowerCase()} and ${outboxMessages.subject} like 'Confirm deleting%'`).orderBy(sql`${outboxMessages.createdAt} desc`);
    return decodeURIComponent(/#confirm-deletion=([^\s"<]+)/.exec(mail?.text ?? "")?.[1] ?? "");
  };

  it("mails the link, refuses a wrong or foreign token, and deletes with the right one once", async () => {
    const member = await socialMember("Social Member");
    const stranger = await socialMember("Social Stranger");
    expect((await summary(member.cookie)).deletion.confirmBy).toBe("email");
    const withPassword = await deleteAccount(member.cookie, { password: "secret1", posts: "anonymise" });
    expect(withPassword.json().error.message).toBe(ACCOUNT_DATA_MESSAGES.useEmailLink);

    const requested = await sendJson(t.app, "POST", "/api/me/account/deletion-link", {}, member.cookie);
    expect(requested.statusCode).toBe(202);
    expect(requested.json().message).toBe(ACCOUNT_DATA_MESSAGES.linkSent);
    const token = await mailedToken(member.email);
    expect(token.length).toBeGreaterThan(30);

    expect((await deleteAccount(member.cookie, { token: "not-the-token", posts: "anonymise" })).json().error.message).toBe(ACCOUNT_DATA_MESSAGES.linkInvalid);
    // Someone else's session cannot use it.
    expect((await deleteAccount(stranger.cookie, { token, posts: "anonymise" })).statusCode).toBe(400);
    expect(await me(stranger.cookie)).toMatchObject({ email: stranger.email });

    expect((await deleteAccount(member.cookie, { token, posts: "anonymise" })).statusCode).toBe(200);
    expect(await me(member.cookie)).toBeNull();
    expect(await tablesMentioning(t.database.db, member.email)).toEqual([]);
  });

  it("refuses an expired link", async () => {
    const member = await socialMember("Slow Member");
    await sendJson(t.app, "POST", "/api/me/account/deletion-link", {}, member.cookie);
    const token = await mailedToken(member.email);
    await t.database.db.execute(sql`update verifications set expires_at = now() - interval '1 second' where value = ${member.userId}`);
    expect((await deleteAccount(member.cookie, { token, posts: "anonymise" })).statusCode).toBe(400);
    expect(await me(member.cookie)).toMatchObject({ email: member.email });
  });

  it("tells a password account to use its password", async () => {
    const member = await memberCookie(t, "free", "Password Member");
    const response = await sendJson(t.app, "POST", "/api/me/account/deletion-link", {}, member.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(ACCOUNT_DATA_MESSAGES.hasPassword);
  });
});
