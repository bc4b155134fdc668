import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../../common/contracts/community";
import { CONTENT_MESSAGES } from "../../../common/content";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { COMMUNITY_WRITES_PER_MINUTE, dailyLimitKey } from "./posting-limit";
import { communityClient } from "./test-support";

let t: TestApp;
let admin: Awaited<ReturnType<typeof memberCookie>>;
let api: ReturnType<typeof communityClient>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await memberCookie(t, "admin");
  api = communityClient(t);
});
afterAll(() => t.close());

const replyTo = (postId: number, cookie: string, content = "A reply") => sendJson(t.app, "POST", `/api/community/posts/${postId}/replies`, { content }, cookie);

describe("refused replies do not count toward the posting limits", () => {
  it("a reply to a locked, missing or hidden post leaves the daily count where it was", async () => {
    const member = await memberCookie(t, "inventor");
    const locked = await api.post(admin.cookie, "Locked announcement");
    expect((await sendJson(t.app, "PATCH", `/api/admin/community/posts/${locked.id}/moderation`, { locked: true }, admin.cookie)).statusCode).toBe(204);
    const hidden = await api.post(admin.cookie, "Hidden thread");
    await t.database.db.execute(sql`update community_posts set hidden = true where id = ${hidden.id}`);
    const open = await api.post(admin.cookie, "Open thread");
    // A new Inventor may write 30 a day; 29 are written.
    await t.database.db.execute(sql`insert into rate_limits (key, count, reset_at) values (${dailyLimitKey(member.userId)}, 29, now() + interval '1 day')`);

    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await replyTo(locked.id, member.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(MODERATION_MESSAGES.locked);
    }
    expect((await replyTo(hidden.id, member.cookie)).statusCode).toBe(404);
    expect((await replyTo(999_999_999, member.cookie)).statusCode).toBe(404);

    // The 30th of the day is still allowed; the 31st is not, and the refusal does not count either.
    expect((await replyTo(open.id, member.cookie)).statusCode).toBe(201);
    const overLimit = await replyTo(open.id, member.cookie);
    expect(overLimit.statusCode).toBe(429);
    expect(overLimit.json().error.message).toBe(MODERATION_MESSAGES.dailyLimit(30));
    expect(Number(overLimit.headers["retry-after"])).toBeGreaterThan(3600);
    const [row] = ((await t.database.db.execute(sql`select count from rate_limits where key = ${dailyLimitKey(member.userId)}`)) as unknown as { rows: Array<{ count: number }> }).rows;
    expect(Number(row?.count)).toBe(30);
  });

  it(`refused replies do not use up the ${COMMUNITY_WRITES_PER_MINUTE} writes a minute either`, async () => {
    const member = await memberCookie(t, "brand-ceo");
    const locked = await api.post(admin.cookie, "Closed discussion");
    await sendJson(t.app, "PATCH", `/api/admin/community/posts/${locked.id}/moderation`, { locked: true }, admin.cookie);
    const open = await api.post(admin.cookie, "Busy discussion");
    for (let attempt = 0; attempt < COMMUNITY_WRITES_PER_MINUTE + 2; attempt += 1) expect((await replyTo(locked.id, member.cookie)).statusCode).toBe(409);
    for (let written = 0; written < COMMUNITY_WRITES_PER_MINUTE; written += 1) expect((await replyTo(open.id, member.cookie, `Reply ${written}`)).statusCode).toBe(201);
    const tooFast = await replyTo(open.id, member.cookie);
    expect(tooFast.statusCode).toBe(429);
    expect(tooFast.json().error.message).toBe(CONTENT_MESSAGES.postingTooFast);
  });
});
