import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MentionSuggestions } from "../../../common/contracts/community";
import { users } from "../../auth/auth.table";
import { outboxMessages } from "../../mail/outbox.table";
import { QUEUES } from "../../jobs/queues";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { eventually } from "../account-data/account-data.test-support";

let t: TestApp;
type Member = Awaited<ReturnType<typeof memberCookie>>;
let author: Member;
let jordanOne: Member;
let jordanTwo: Member;
let sole: Member;
beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false" });
  author = await memberCookie(t, "inventor", "Avery Writer");
  jordanOne = await memberCookie(t, "inventor", "Jordan Namesake");
  jordanTwo = await memberCookie(t, "entrepreneur", "Jordan Namesake");
  sole = await memberCookie(t, "inventor", "Quinn Onlyone");
});
afterAll(() => t.close());

const mailCount = async (email: string) => (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email))).length;

interface QueryRows<T> {
  rows: T[];
}

/** Waits until the mention job of this post or reply has run to the end (every mail it sends is then in the outbox). */
async function mentionJobDone(kind: "post" | "reply", id: number, jobs = 1): Promise<void> {
  await eventually(async () => {
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.communityMentions} and state = 'completed' and data->>'kind' = ${kind} and (data->>'id')::int = ${id}`,
    )) as unknown as QueryRows<{ n: number }>;
    return Number(result.rows[0]?.n) >= jobs;
  });
}

async function post(content: string, mentions?: string[]): Promise<number> {
  const response = await sendJson(t.app, "POST", "/api/community/posts", { content, ...(mentions ? { mentions } : {}) }, author.cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe("mentions of a member who blocked the writer", () => {
  it("neither mails nor notifies them", async () => {
    const blocker = await memberCookie(t, "inventor", "Blake Blocksall");
    expect((await sendJson(t.app, "PUT", `/api/messages/blocks/${author.userId}`, undefined, blocker.cookie)).statusCode).toBe(204);
    const id = await post("Has anyone asked @Blake Blocksall about moulds?", [blocker.userId]);
    await mentionJobDone("post", id);
    expect(await mailCount(blocker.email)).toBe(0);
    expect((await t.app.inject({ url: "/api/notifications", headers: { cookie: blocker.cookie } })).json().notifications).toEqual([]);
  });
});

describe("mentions of members who share a full name", () => {
  it("mails nobody for a typed name two members share, while a name only one member has is mailed as before", async () => {
    const before = { one: await mailCount(jordanOne.email), two: await mailCount(jordanTwo.email) };
    const id = await post("Thanks @Jordan Namesake and @Quinn Onlyone for the supplier list");
    await mentionJobDone("post", id);
    expect(await mailCount(sole.email)).toBe(1);
    expect(await mailCount(jordanOne.email)).toBe(before.one);
    expect(await mailCount(jordanTwo.email)).toBe(before.two);
  });

  it("mails exactly the member picked from the list, in a post, a reply and an edit", async () => {
    const id = await post("Great tip @Jordan Namesake!", [jordanTwo.userId]);
    await mentionJobDone("post", id);
    expect(await mailCount(jordanTwo.email)).toBe(1);
    expect(await mailCount(jordanOne.email)).toBe(0);

    const reply = await sendJson(t.app, "POST", `/api/community/posts/${id}/replies`, { content: "@jordan namesake agreed", mentions: [jordanOne.userId] }, author.cookie);
    expect(reply.statusCode, reply.body).toBe(201);
    await mentionJobDone("reply", reply.json().id);
    expect(await mailCount(jordanOne.email)).toBe(1);
    expect(await mailCount(jordanTwo.email)).toBe(1);

    // Editing the post to pick the other one too mails only the newly picked member.
    const edited = await sendJson(t.app, "PATCH", `/api/community/posts/${id}`, { content: "Great tip @Jordan Namesake, and you too @Jordan Namesake!", mentions: [jordanTwo.userId, jordanOne.userId] }, author.cookie);
    expect(edited.statusCode, edited.body).toBe(200);
    await mentionJobDone("post", id, 2);
    expect(await mailCount(jordanOne.email)).toBe(2);
    expect(await mailCount(jordanTwo.email)).toBe(1);
  });

  it("ignores a picked member whose name is not in the text, and refuses more than 10 picks", async () => {
    const bystander = await memberCookie(t, "inventor", "Robin Bystander");
    const id = await post("No mention here at all, @Quinn Onlyone aside", [bystander.userId]);
    await mentionJobDone("post", id);
    expect(await mailCount(bystander.email)).toBe(0);
    const tooMany = await sendJson(t.app, "POST", "/api/community/posts", { content: "Hi all", mentions: Array.from({ length: 11 }, (_, index) => `user-${index}`) }, author.cookie);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.mentions).toBe("A post or reply may mention up to 10 members");
  });
});

describe("the mention list", () => {
  const suggest = (q: string, cookie = author.cookie) => t.app.inject({ url: `/api/community/mention-suggestions?q=${encodeURIComponent(q)}`, headers: cookie ? { cookie } : {} });

  it("offers active members whose name or a word of it starts with the text, with what tells namesakes apart and never an email", async () => {
    const response = await suggest("namesa");
    expect(response.statusCode).toBe(200);
    const { members }: MentionSuggestions = response.json();
    expect(members.map((member) => [member.id, member.name, member.tier])).toEqual(
      expect.arrayContaining([
        [jordanOne.userId, "Jordan Namesake", "inventor"],
        [jordanTwo.userId, "Jordan Namesake", "entrepreneur"],
      ]),
    );
    expect(members).toHaveLength(2);
    expect(members.every((member) => !Number.isNaN(Date.parse(member.memberSince)))).toBe(true);
    expect(response.body).not.toContain("@example.com");

    expect(((await suggest("jordan")).json() as MentionSuggestions).members).toHaveLength(2);
    expect(((await suggest("avery")).json() as MentionSuggestions).members).toEqual([]);
    expect(((await suggest("%")).json() as MentionSuggestions).members).toEqual([]);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, jordanOne.userId));
    expect(((await suggest("jordan")).json() as MentionSuggestions).members.map((member) => member.id)).toEqual([jordanTwo.userId]);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, jordanOne.userId));
  });

  it("answers members only, and a query is required", async () => {
    expect((await t.app.inject({ url: "/api/community/mention-suggestions?q=jo" })).statusCode).toBe(401);
    expect((await suggest("")).statusCode).toBe(400);
    expect((await suggest(" ")).statusCode).toBe(400);
  });
});
