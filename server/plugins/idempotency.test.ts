import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_MESSAGES } from "../../common/contracts/idempotency";
import type { Post, Reply } from "../../common/contracts/community";
import type { MediaItem } from "../../common/contracts/media";
import { checkoutSessions } from "../billing/billing.table";
import { communityPosts, communityReplies } from "../features/community/community.table";
import { mediaItems } from "../features/media/media.table";
import { SAMPLE_FILES } from "../features/media/sample-files";
import { localStore, type StoreUnderTest } from "../features/media/store-under-test";
import { buildTestApp, memberCookie, TEST_ORIGIN, type TestApp } from "../test/build-test-app";
import { fingerprintOf, removeExpiredIdempotencyKeys, RESERVATION_LIFETIME_MS } from "./idempotency";
import { idempotencyKeys } from "./idempotency.table";

let store: StoreUnderTest;
let t: TestApp;
beforeAll(async () => {
  // A store whose files the upload tests can count.
  store = localStore();
  t = await buildTestApp(store.env);
});
afterAll(async () => {
  await t?.close();
  await store?.close();
});

type Member = Awaited<ReturnType<typeof memberCookie>>;
const keyed = (cookie: string, key: string | undefined) => ({ origin: TEST_ORIGIN, cookie, ...(key === undefined ? {} : { "idempotency-key": key }) });
const send = (url: string, cookie: string, body: object, key?: string) => t.app.inject({ method: "POST", url, payload: body, headers: keyed(cookie, key) });
const sendPost = (member: Member, content: string, key?: string) => send("/api/community/posts", member.cookie, { content, category: "general" }, key);

const postsBy = async (member: Member) => Number((await t.database.db.select({ n: count() }).from(communityPosts).where(eq(communityPosts.authorId, member.userId)))[0]?.n);
const repliesBy = async (member: Member) => Number((await t.database.db.select({ n: count() }).from(communityReplies).where(eq(communityReplies.authorId, member.userId)))[0]?.n);
const keysOf = (member: Member) => t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, member.userId));

/** Makes the database refuse posts with this content until the returned function is called: a write that fails after its key was claimed. */
async function failPostsWith(content: string): Promise<() => Promise<void>> {
  const { db } = t.database;
  await db.execute(sql.raw(`create or replace function idempotency_test_fail() returns trigger language plpgsql as $$
    begin
      if new.content = '${content}' then raise exception 'write failed on purpose'; end if;
      return new;
    end $$`));
  await db.execute(sql`create trigger idempotency_test_fail before insert on community_posts for each row execute function idempotency_test_fail()`);
  return async () => {
    await db.execute(sql`drop trigger idempotency_test_fail on community_posts`);
  };
}

describe("Idempotency-Key on community posts", () => {
  it("answers a repeat of a post that went through with the stored answer: one post, marked replayed", async () => {
    const member = await memberCookie(t, "inventor");
    const first = await sendPost(member, "Gave up waiting for this one", "post-key-1");
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    // The client never saw the first answer and sends the same request again.
    const retry = await sendPost(member, "Gave up waiting for this one", "post-key-1");
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json<Post>()).toEqual(first.json<Post>());
    expect(await postsBy(member)).toBe(1);
    // Without a key nothing is held back: the same body twice is two posts, as before.
    await sendPost(member, "Twice on purpose");
    await sendPost(member, "Twice on purpose");
    expect(await postsBy(member)).toBe(3);
  });

  it("two requests at once with the same key create one post and both get it", async () => {
    const member = await memberCookie(t, "inventor");
    const answers = await Promise.all([sendPost(member, "Sent twice at once", "race-key"), sendPost(member, "Sent twice at once", "race-key")]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.headers["idempotent-replayed"] ?? "no").sort()).toEqual(["no", "true"]);
    expect(answers[0]?.json<Post>().id).toBe(answers[1]?.json<Post>().id);
    expect(await postsBy(member)).toBe(1);
  });

  it("refuses the same key with a different body (422) and creates nothing more", async () => {
    const member = await memberCookie(t, "inventor");
    expect((await sendPost(member, "The first text", "reused-key")).statusCode).toBe(201);
    const other = await sendPost(member, "Another text entirely", "reused-key");
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toEqual({ code: "IDEMPOTENCY_KEY_REUSED", message: IDEMPOTENCY_MESSAGES.keyReused });
    expect(await postsBy(member)).toBe(1);
  });

  it("a failed first attempt leaves no key behind: the retry runs, and its answer is the one kept", async () => {
    const member = await memberCookie(t, "inventor");
    const heal = await failPostsWith("Written during the outage");
    try {
      const failed = await sendPost(member, "Written during the outage", "outage-key");
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await heal();
    }
    expect(await postsBy(member)).toBe(0);
    expect(await keysOf(member)).toEqual([]);
    const retry = await sendPost(member, "Written during the outage", "outage-key");
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    const again = await sendPost(member, "Written during the outage", "outage-key");
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json<Post>().id).toBe(retry.json<Post>().id);
    expect(await postsBy(member)).toBe(1);
  });

  it("keys belong to one member: another member's same key is theirs alone and never replays the first's answer", async () => {
    const alice = await memberCookie(t, "inventor", "Alice Keyholder");
    const bob = await memberCookie(t, "inventor", "Bob Keyholder");
    const fromAlice = await sendPost(alice, "Same words, two authors", "shared-key");
    const fromBob = await sendPost(bob, "Same words, two authors", "shared-key");
    expect(fromBob.statusCode).toBe(201);
    expect(fromBob.headers["idempotent-replayed"]).toBeUndefined();
    expect(fromBob.json<Post>().id).not.toBe(fromAlice.json<Post>().id);
    expect(fromBob.json<Post>().author.name).toBe("Bob Keyholder");
    // Bob's key is not held against Alice's body either, and Alice's retry still gets her own answer.
    expect((await send("/api/community/posts/" + fromAlice.json<Post>().id + "/replies", bob.cookie, { content: "Bob's reply" }, "shared-key")).statusCode).toBe(201);
    const aliceAgain = await sendPost(alice, "Same words, two authors", "shared-key");
    expect(aliceAgain.headers["idempotent-replayed"]).toBe("true");
    expect(aliceAgain.json<Post>()).toEqual(fromAlice.json<Post>());
    expect([await postsBy(alice), await postsBy(bob)]).toEqual([1, 1]);
  });

  it("refuses a malformed key with 400 and a clear message, before anything is written", async () => {
    const member = await memberCookie(t, "inventor");
    for (const key of ["", "x".repeat(256), "has space", "caf\u00e9", "tab\there"]) {
      const answer = await sendPost(member, "Never written", key);
      expect(answer.statusCode, JSON.stringify(key)).toBe(400);
      expect(answer.json().error.message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    }
    expect((await sendPost(member, "Longest key", "k".repeat(255))).statusCode).toBe(201);
    expect(await postsBy(member)).toBe(1);
  });

  it("a key lives 24 hours: an expired one starts over, and the hourly sweep deletes expired keys only", async () => {
    const member = await memberCookie(t, "inventor");
    const first = await sendPost(member, "Yesterday's post", "day-old-key");
    await sendPost(member, "Today's post", "fresh-key");
    const [row] = await keysOf(member);
    expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    await t.database.db.update(idempotencyKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(and(eq(idempotencyKeys.userId, member.userId), eq(idempotencyKeys.key, "day-old-key")));
    const later = await sendPost(member, "Yesterday's post", "day-old-key");
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect(later.json<Post>().id).not.toBe(first.json<Post>().id);
    await t.database.db.update(idempotencyKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(and(eq(idempotencyKeys.userId, member.userId), eq(idempotencyKeys.key, "day-old-key")));
    expect(await removeExpiredIdempotencyKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await keysOf(member)).map((key) => key.key)).toEqual(["fresh-key"]);
  });

  it("the keys and their stored answers go with the account", async () => {
    const admin = await memberCookie(t, "admin");
    const member = await memberCookie(t, "inventor");
    await sendPost(member, "Soon gone", "gone-key");
    expect(await keysOf(member)).toHaveLength(1);
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/admin/users/${member.userId}`, headers: { origin: TEST_ORIGIN, cookie: admin.cookie } });
    expect(deleted.statusCode).toBe(204);
    expect(await keysOf(member)).toEqual([]);
  });
});

describe("Idempotency-Key on replies", () => {
  it("one reply per key, the post's reply count once; the same key on another post is 422", async () => {
    const author = await memberCookie(t, "inventor");
    const replier = await memberCookie(t, "inventor");
    const post = (await sendPost(author, "Ask me anything")).json<Post>();
    const other = (await sendPost(author, "Another thread")).json<Post>();
    const reply = (postId: number) => send(`/api/community/posts/${postId}/replies`, replier.cookie, { content: "My answer" }, "reply-key");
    const answers = await Promise.all([reply(post.id), reply(post.id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json<Reply>().id).toBe(answers[1]?.json<Reply>().id);
    expect((await reply(post.id)).headers["idempotent-replayed"]).toBe("true");
    expect(await repliesBy(replier)).toBe(1);
    const [stored] = await t.database.db.select({ replyCount: communityPosts.replyCount }).from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(stored?.replyCount).toBe(1);
    expect((await reply(other.id)).statusCode).toBe(422);
    expect(await repliesBy(replier)).toBe(1);
  });
});

describe("Idempotency-Key on media uploads", () => {
  const BOUNDARY = "----idempotency-boundary";
  const upload = (cookie: string, fileName: string, bytes: Buffer, key?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/media?folder=General",
      payload: Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`, "latin1"),
        bytes,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`, "latin1"),
      ]),
      headers: { ...keyed(cookie, key), "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    });
  const uploadsBy = async (admin: Member) => Number((await t.database.db.select({ n: count() }).from(mediaItems).where(eq(mediaItems.uploadedBy, admin.userId)))[0]?.n);

  it("a repeated or concurrent upload with the same key is one item and one stored file; another file under the key is 422", async () => {
    const admin = await memberCookie(t, "admin");
    const filesBefore = store.storedFiles().length;
    const bytes = SAMPLE_FILES.png.bytes;
    const answers = await Promise.all([upload(admin.cookie, "logo.png", bytes, "upload-key"), upload(admin.cookie, "logo.png", bytes, "upload-key")]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const retry = await upload(admin.cookie, "logo.png", bytes, "upload-key");
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(new Set([...answers, retry].map((answer) => answer.json<MediaItem>().id)).size).toBe(1);
    expect(await uploadsBy(admin)).toBe(1);
    expect(store.storedFiles().length).toBe(filesBefore + 1);

    const different = await upload(admin.cookie, "other-logo.png", bytes, "upload-key");
    expect(different.statusCode).toBe(422);
    expect(different.json().error.message).toBe(IDEMPOTENCY_MESSAGES.keyReused);
    expect(await uploadsBy(admin)).toBe(1);
    expect(store.storedFiles().length).toBe(filesBefore + 1);
  });
});

describe("Idempotency-Key on checkout (test-mode payments)", () => {
  const checkout = (member: Member, plan: string, key?: string) => send("/api/billing/checkout", member.cookie, { plan }, key);
  const checkoutsOf = async (member: Member) => t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, member.userId));

  it("a retry gets the first checkout's address: one checkout session; another plan under the key is 422", async () => {
    const member = await memberCookie(t, "free");
    const first = await checkout(member, "inventor", "checkout-key");
    expect(first.statusCode).toBe(200);
    const retry = await checkout(member, "inventor", "checkout-key");
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await checkoutsOf(member)).toHaveLength(1);
    expect((await checkout(member, "brand-ceo", "checkout-key")).statusCode).toBe(422);
    expect(await checkoutsOf(member)).toHaveLength(1);
  });

  it("two checkouts at once with one key open one checkout session; the other waits its turn (409) or gets the same address", async () => {
    const member = await memberCookie(t, "free");
    const answers = await Promise.all([checkout(member, "entrepreneur", "checkout-race"), checkout(member, "entrepreneur", "checkout-race")]);
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    }
    expect(new Set(ok.map((answer) => answer.json().url)).size).toBe(1);
    expect(await checkoutsOf(member)).toHaveLength(1);
  });

  it("a key reserved by a checkout still running answers 409; one whose request died is run again after 2 minutes", async () => {
    const member = await memberCookie(t, "free");
    const fingerprint = fingerprintOf({ plan: "inventor" });
    // What a checkout leaves while it waits on the provider, or when its process died there.
    const reserve = (key: string, createdAt: Date) =>
      t.database.db.insert(idempotencyKeys).values({ userId: member.userId, route: "POST /api/billing/checkout", key, fingerprint, createdAt, expiresAt: new Date(Date.now() + 60 * 60 * 1000) });
    await reserve("running-key", new Date());
    const running = await checkout(member, "inventor", "running-key");
    expect(running.statusCode).toBe(409);
    expect(running.json().error).toEqual({ code: "CONFLICT", message: IDEMPOTENCY_MESSAGES.inProgress });
    expect(await checkoutsOf(member)).toHaveLength(0);
    await reserve("abandoned-key", new Date(Date.now() - RESERVATION_LIFETIME_MS - 1000));
    const taken = await checkout(member, "inventor", "abandoned-key");
    expect(taken.statusCode).toBe(200);
    expect(taken.headers["idempotent-replayed"]).toBeUndefined();
    expect(await checkoutsOf(member)).toHaveLength(1);
    expect((await checkout(member, "inventor", "abandoned-key")).json()).toEqual(taken.json());
  });

  it("a checkout that failed gives its key back: the retry opens the checkout", async () => {
    const member = await memberCookie(t, "free");
    const { db } = t.database;
    await db.execute(sql`create or replace function idempotency_test_fail_checkout() returns trigger language plpgsql as $$
      begin raise exception 'checkout write failed on purpose'; end $$`);
    await db.execute(sql`create trigger idempotency_test_fail_checkout before insert on checkout_sessions for each row execute function idempotency_test_fail_checkout()`);
    try {
      expect((await checkout(member, "inventor", "checkout-outage")).statusCode).toBe(503);
    } finally {
      await db.execute(sql`drop trigger idempotency_test_fail_checkout on checkout_sessions`);
    }
    expect(await keysOf(member)).toEqual([]);
    const retry = await checkout(member, "inventor", "checkout-outage");
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(await checkoutsOf(member)).toHaveLength(1);
    expect((await checkout(member, "inventor", "checkout-outage")).headers["idempotent-replayed"]).toBe("true");
  });
});
