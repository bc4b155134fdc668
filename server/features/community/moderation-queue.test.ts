import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModerationQueue } from "../../../common/contracts/community";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { communityPosts } from "./community.table";
import { communityFlags } from "./moderation.table";
import { communityClient } from "./test-support";

let t: TestApp;
let admin: Awaited<ReturnType<typeof memberCookie>>;
beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false" });
  admin = await memberCookie(t, "admin");
});
afterAll(() => t.close());

const queue = async (query: string, cookie = admin.cookie) => t.app.inject({ url: `/api/admin/moderation/queue${query}`, headers: { cookie } });
const page = async (query: string): Promise<ModerationQueue> => {
  const response = await queue(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const flag = (cookie: string, kind: "posts" | "replies", id: number, reason: string) => sendJson(t.app, "POST", `/api/community/${kind}/${id}/flag`, { reason }, cookie);

describe("the moderation queue is paged", () => {
  it("pages through every flagged item, oldest open flag first, with the total, each item with all its open flags", async () => {
    const author = await memberCookie(t, "inventor", "Prolific Author");
    const [first, second] = await Promise.all([memberCookie(t, "inventor", "First Flagger"), memberCookie(t, "inventor", "Second Flagger")]);
    if (!first || !second) throw new Error("no flaggers");
    const rows = await t.database.db
      .insert(communityPosts)
      .values(Array.from({ length: 45 }, (_, index) => ({ authorId: author.userId, content: `Questionable post ${index + 1}` })))
      .returning({ id: communityPosts.id });
    const ids = rows.map((row) => row.id);
    // Written directly: one member may flag only 5 items a minute through the API (flag-limit.ts).
    await t.database.db.insert(communityFlags).values(ids.map((id) => ({ postId: id, userId: first.userId, reason: `Spam ${id}` })));
    // A second flag on the first post comes last: the item still sorts by its oldest open flag.
    const firstId = ids[0] ?? -1;
    expect((await flag(second.cookie, "posts", firstId, "Also spam")).statusCode).toBe(201);
    const reply = await communityClient(t).reply(author.cookie, ids[1] ?? -1, "A reply flagged last");
    expect((await flag(first.cookie, "replies", reply.id, "Rude")).statusCode).toBe(201);

    const one = await page("?page=1");
    expect(one).toMatchObject({ total: 46, page: 1, pageSize: 20 });
    expect(one.items.map((item) => item.id)).toEqual(ids.slice(0, 20));
    expect(one.items[0]?.flags.map((entry) => [entry.by, entry.reason])).toEqual([
      ["First Flagger", `Spam ${firstId}`],
      ["Second Flagger", "Also spam"],
    ]);
    const three = await page("?page=3&pageSize=20");
    expect(three.items.map((item) => `${item.kind}:${item.id}`)).toEqual([...ids.slice(40).map((id) => `post:${id}`), `reply:${reply.id}`]);
    const all = await page("?pageSize=100");
    expect(all.items).toHaveLength(46);
    expect(new Set(all.items.map((item) => `${item.kind}:${item.id}`)).size).toBe(46);
    expect((await page("?page=4")).items).toEqual([]);

    // Deciding an item takes it off; the next one moves up to the first page.
    expect((await sendJson(t.app, "POST", `/api/admin/moderation/posts/${firstId}/decision`, { decision: "approve" }, admin.cookie)).statusCode).toBe(204);
    const after = await page("?page=1");
    expect(after.total).toBe(45);
    expect(after.items.map((item) => item.id)).toEqual(ids.slice(1, 21));
  });

  it("refuses a page or size out of range (400) and answers admins only", async () => {
    for (const query of ["?page=0", "?pageSize=101", "?pageSize=0", "?page=x"]) expect((await queue(query)).statusCode, query).toBe(400);
    const member = await memberCookie(t, "brand-ceo");
    expect((await queue("", member.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/admin/moderation/queue" })).statusCode).toBe(401);
  });
});

describe("an empty queue", () => {
  it("answers no items and a total of 0 once every flag is decided", async () => {
    const open = await page("?pageSize=100");
    for (const item of open.items) {
      const kind = item.kind === "post" ? "posts" : "replies";
      expect((await sendJson(t.app, "POST", `/api/admin/moderation/${kind}/${item.id}/decision`, { decision: "hide" }, admin.cookie)).statusCode).toBe(204);
    }
    expect(await page("")).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });
});
