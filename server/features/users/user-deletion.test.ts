import { eq, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedResponse } from "../../../common/contracts/community";
import { USER_ADMIN_MESSAGES, type DangerZoneCounts } from "../../../common/contracts/users";
import { accounts, sessions, users } from "../../auth/auth.table";
import { billingCustomers, subscriptions } from "../../billing/billing.table";
import { localSubscriptions } from "../../billing/local/local.table";
import { outboxMessages } from "../../mail/outbox.table";
import { buildTestApp, memberCookie, postJson, sendJson, type TestApp } from "../../test/build-test-app";
import { communityPosts, communityReplies, postLikes } from "../community/community.table";
import { mastermindSessions, sessionRsvps } from "../sessions/sessions.table";
import { adminAuditLog } from "./audit-log.table";

let t: TestApp;
let admin: { cookie: string; userId: string; email: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await memberCookie(t, "admin", "Deleting Admin");
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const me = async (cookie: string) => (await get("/api/me", cookie)).json().user;
const remove = (userId: string, cookie = admin.cookie) => sendJson(t.app, "DELETE", `/api/admin/users/${userId}`, undefined, cookie);

/** Pays a local test-mode checkout: the member then holds an active subscription at the provider. */
async function subscribe(app: TestApp, { cookie, userId }: { cookie: string; userId: string }, plan: "inventor" | "entrepreneur" | "brand-ceo"): Promise<string> {
  const started = await postJson(app.app, "/api/billing/checkout", { plan }, { cookie });
  expect(started.statusCode).toBe(200);
  const sessionId = String(started.json().url).split("/billing/checkout/")[1] ?? "";
  const paid = await postJson(app.app, `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: "4242 4242 4242 4242" }, { cookie });
  expect(paid.statusCode).toBe(200);
  const [row] = await app.database.db.select({ subscriptionId: subscriptions.subscriptionId, status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, userId));
  expect(row?.status).toBe("active");
  return row?.subscriptionId ?? "";
}

describe("DELETE /api/admin/users/:id", () => {
  it("removes the account and its personal data, keeps its posts under 'Deleted member'", async () => {
    const member = await memberCookie(t, "brand-ceo", "Leaving Member");
    const other = await memberCookie(t, "brand-ceo", "Staying Member");
    const { db } = t.database;
    const [ownPost] = await db.insert(communityPosts).values({ authorId: member.userId, content: "My invention diary", replyCount: 1 }).returning();
    const [othersPost] = await db.insert(communityPosts).values({ authorId: other.userId, content: "Liked by the leaver", likeCount: 2 }).returning();
    if (!ownPost || !othersPost) throw new Error("no posts");
    await db.insert(postLikes).values([
      { postId: othersPost.id, userId: member.userId },
      { postId: othersPost.id, userId: other.userId },
    ]);
    await db.insert(communityReplies).values({ postId: ownPost.id, authorId: member.userId, content: "Replying to myself" });
    const [session] = await db.insert(mastermindSessions).values({ title: "Pitch night", date: "2099-01-01", time: "7 PM", location: "Online", description: "Pitches", tier: "all" }).returning();
    if (!session) throw new Error("no session");
    await db.insert(sessionRsvps).values({ sessionId: session.id, userId: member.userId });
    expect((await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "inventor" }, admin.cookie)).statusCode).toBe(200);
    const mailed = await sendJson(t.app, "POST", "/api/admin/users/email", { userIds: [member.userId, other.userId], subject: "News", message: "Hello" }, admin.cookie);
    expect(mailed.json()).toMatchObject({ queued: 2 });
    // The bulk send runs in the background: wait for it, so the mail to the member exists before the deletion.
    for (let tries = 0; (await get(`/api/admin/email/bulk/${mailed.json().sendId}`, admin.cookie)).json().status !== "done"; tries += 1) {
      if (tries > 300) throw new Error("bulk send did not finish");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const response = await remove(member.userId);
    expect(response.statusCode).toBe(204);

    expect(await db.select().from(users).where(eq(users.id, member.userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.userId))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, member.userId))).toEqual([]);
    expect(await db.select().from(postLikes).where(eq(postLikes.userId, member.userId))).toEqual([]);
    expect(await db.select().from(sessionRsvps).where(eq(sessionRsvps.userId, member.userId))).toEqual([]);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.to, member.email))).toEqual([]);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.to, other.email))).toHaveLength(1);
    expect(await db.select().from(adminAuditLog).where(or(eq(adminAuditLog.targetEmail, member.email), eq(adminAuditLog.actorEmail, member.email)))).toEqual([]);
    const log = await db.select({ action: adminAuditLog.action, targetEmail: adminAuditLog.targetEmail }).from(adminAuditLog).where(eq(adminAuditLog.targetId, member.userId)).orderBy(adminAuditLog.id);
    expect(log).toEqual([
      { action: "change-tier", targetEmail: `deleted user ${member.userId}` },
      { action: "delete-user", targetEmail: `deleted user ${member.userId}` },
    ]);
    expect(await me(member.cookie)).toBeNull();

    const feed: FeedResponse = (await get("/api/community/posts", other.cookie)).json();
    const kept = feed.posts.find((post) => post.id === ownPost.id);
    expect(kept?.author.name).toBe(USER_ADMIN_MESSAGES.deletedMember);
    expect(kept?.content).toBe("My invention diary");
    const replies = (await get(`/api/community/posts/${ownPost.id}/replies`, other.cookie)).json().replies;
    expect(replies.map((reply: { author: { name: string } }) => reply.author.name)).toEqual([USER_ADMIN_MESSAGES.deletedMember]);
    expect(feed.posts.find((post) => post.id === othersPost.id)?.likes).toBe(1);

    expect((await remove(member.userId)).statusCode).toBe(404);
  });

  it("cancels an active paid subscription at the provider before deleting", async () => {
    const payer = await memberCookie(t, "free", "Paying Leaver");
    const subscriptionId = await subscribe(t, payer, "entrepreneur");
    expect((await me(payer.cookie)).membershipTier).toBe("entrepreneur");

    expect((await remove(payer.userId)).statusCode).toBe(204);
    const [providerRecord] = await t.database.db.select({ status: localSubscriptions.status }).from(localSubscriptions).where(eq(localSubscriptions.id, subscriptionId));
    expect(providerRecord?.status).toBe("canceled");
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, payer.userId))).toEqual([]);
    expect(await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, payer.userId))).toEqual([]);
  });

  it("deletes another admin while an active admin remains; refuses members (403) and unknown ids (404)", async () => {
    const otherAdmin = await memberCookie(t, "admin", "Departing Admin");
    const member = await memberCookie(t, "inventor");
    expect((await remove(admin.userId, member.cookie)).statusCode).toBe(403);
    expect((await remove("no-such-user")).statusCode).toBe(404);
    expect((await remove(otherAdmin.userId)).statusCode).toBe(204);
    expect(await me(otherAdmin.cookie)).toBeNull();
    expect(await me(admin.cookie)).toMatchObject({ role: "admin" });
  });
});

describe("deleting while payments are misconfigured", () => {
  let broken: TestApp;
  let brokenAdmin: string;
  beforeAll(async () => {
    broken = await buildTestApp({ STRIPE_SECRET_KEY: "sk_test_missingPublishableKey" });
    brokenAdmin = (await memberCookie(broken, "admin")).cookie;
  });
  afterAll(() => broken.close());

  async function withSubscription(status: string) {
    const member = await memberCookie(broken, "free", `Subscriber ${status}`);
    await broken.database.db.insert(billingCustomers).values({ userId: member.userId, provider: "stripe", customerId: `cus_${member.userId}` });
    await broken.database.db.insert(subscriptions).values({ userId: member.userId, provider: "stripe", subscriptionId: `sub_${member.userId}`, status, tier: "inventor", syncedAt: new Date() });
    return member;
  }

  it("refuses (503, nothing deleted) when the member has a live subscription that cannot be cancelled", async () => {
    const member = await withSubscription("active");
    const response = await sendJson(broken.app, "DELETE", `/api/admin/users/${member.userId}`, undefined, brokenAdmin);
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe(USER_ADMIN_MESSAGES.billingUnavailable);
    expect(await broken.database.db.select({ id: users.id }).from(users).where(eq(users.id, member.userId))).toHaveLength(1);
  });

  it("still deletes members without a live subscription", async () => {
    const ended = await withSubscription("canceled");
    const never = await memberCookie(broken, "free");
    for (const member of [ended, never]) {
      expect((await sendJson(broken.app, "DELETE", `/api/admin/users/${member.userId}`, undefined, brokenAdmin)).statusCode).toBe(204);
    }
    expect(await broken.database.db.select().from(users).where(inArray(users.id, [ended.userId, never.userId]))).toEqual([]);
  });
});

describe("danger zone", () => {
  let zone: TestApp;
  beforeAll(async () => {
    zone = await buildTestApp();
  });
  afterAll(() => zone.close());

  it("states exact counts, refuses a stale count (409), and never touches the acting admin", async () => {
    const { db } = zone.database;
    const actor = await memberCookie(zone, "admin", "Danger Actor");
    const activeAdmin = await memberCookie(zone, "admin", "Other Active Admin");
    const inactiveAdmin = await memberCookie(zone, "admin", "Other Inactive Admin");
    const payer = await memberCookie(zone, "free", "Inactive Payer");
    const subscriptionId = await subscribe(zone, payer, "inventor");
    const dormant = await memberCookie(zone, "inventor", "Dormant Member");
    const active = await memberCookie(zone, "inventor", "Active Member");
    const [post] = await db.insert(communityPosts).values({ authorId: dormant.userId, content: "Still worth reading" }).returning();
    for (const user of [inactiveAdmin, payer, dormant]) {
      expect((await sendJson(zone.app, "PATCH", `/api/admin/users/${user.userId}`, { isActive: false }, actor.cookie)).statusCode).toBe(200);
    }
    const counts = async (): Promise<DangerZoneCounts> => (await zone.app.inject({ url: "/api/admin/users/danger-zone", headers: { cookie: actor.cookie } })).json();
    expect(await counts()).toEqual({ inactiveUsers: 3, otherAdmins: 2 });

    const stale = await sendJson(zone.app, "POST", "/api/admin/users/delete-inactive", { expected: 2 }, actor.cookie);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(USER_ADMIN_MESSAGES.countChanged);
    expect(await counts()).toEqual({ inactiveUsers: 3, otherAdmins: 2 });
    expect((await sendJson(zone.app, "POST", "/api/admin/users/delete-inactive", {}, actor.cookie)).statusCode).toBe(400);

    const deleted = await sendJson(zone.app, "POST", "/api/admin/users/delete-inactive", { expected: 3 }, actor.cookie);
    expect(deleted.json()).toEqual({ changed: 3 });
    const left = (await db.select({ id: users.id }).from(users)).map((row) => row.id).sort();
    expect(left).toEqual([actor.userId, activeAdmin.userId, active.userId].sort());
    const [providerRecord] = await db.select({ status: localSubscriptions.status }).from(localSubscriptions).where(eq(localSubscriptions.id, subscriptionId));
    expect(providerRecord?.status).toBe("canceled");
    const [kept] = await db.select({ authorId: communityPosts.authorId }).from(communityPosts).where(eq(communityPosts.id, post?.id ?? 0));
    expect(kept).toEqual({ authorId: null });
    expect(await counts()).toEqual({ inactiveUsers: 0, otherAdmins: 1 });
    const deletions = await db.select({ targetEmail: adminAuditLog.targetEmail }).from(adminAuditLog).where(eq(adminAuditLog.action, "delete-user"));
    expect(deletions.map((row) => row.targetEmail).sort()).toEqual([inactiveAdmin, payer, dormant].map((user) => `deleted user ${user.userId}`).sort());

    expect((await sendJson(zone.app, "POST", "/api/admin/users/reset-roles", { expected: 0 }, actor.cookie)).statusCode).toBe(409);
    expect((await zone.app.inject({ url: "/api/admin/users", headers: { cookie: activeAdmin.cookie } })).statusCode).toBe(200);
    const reset = await sendJson(zone.app, "POST", "/api/admin/users/reset-roles", { expected: 1 }, actor.cookie);
    expect(reset.json()).toEqual({ changed: 1 });
    expect((await zone.app.inject({ url: "/api/admin/users", headers: { cookie: activeAdmin.cookie } })).statusCode).toBe(403);
    expect(await counts()).toEqual({ inactiveUsers: 0, otherAdmins: 0 });
    const [actorRow] = await db.select({ role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, actor.userId));
    expect(actorRow).toEqual({ role: "admin", isActive: true });
    const [roleEntry] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, activeAdmin.userId));
    expect(roleEntry).toMatchObject({ action: "change-role", actorEmail: actor.email, before: { role: "admin" }, after: { role: "user" } });
  });
});
