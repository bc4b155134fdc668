import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResponse, SearchResult, TextPiece } from "../../../common/contracts/search";
import type { ContentLevel } from "../../../common/content";
import type { Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import { buildTestApp, signUp, uniqueEmail, type TestApp } from "../../test/build-test-app";
import { communityPosts, communityReplies } from "../community/community.table";
import { resources } from "../resources/resources.table";
import { mastermindSessions } from "../sessions/sessions.table";
import { mediaVideos } from "../videos/videos.table";
import { SEARCH_CANDIDATES } from "./search-candidates";

let t: TestApp;
const cookies = {} as Record<Tier, string>;
const LEVELS: ContentLevel[] = ["all", "inventor", "entrepreneur", "brand-ceo"];

async function memberWithTier(tier: Tier): Promise<string> {
  const email = uniqueEmail(`search-${tier}`);
  const cookie = await signUp(t.app, { name: `Searcher ${tier}`, email, password: "secret12" });
  await t.database.db.update(users).set({ membershipTier: tier }).where(eq(users.email, email));
  return cookie;
}

async function search(cookie: string | undefined, q: string) {
  return t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}`, headers: cookie ? { cookie } : {} });
}

async function results(cookie: string, q: string): Promise<SearchResult[]> {
  const response = await search(cookie, q);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SearchResponse).results;
}

const plain = (pieces: TextPiece[]) => pieces.map((piece) => piece.text).join("");
const marked = (pieces: TextPiece[]) => pieces.filter((piece) => piece.match).map((piece) => piece.text);
const kindsAndLevels = (list: SearchResult[]) => list.map((result) => `${result.kind}:${result.level}`).sort();

beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false" });
  const db = t.database.db;
  for (const tier of ["free", "inventor", "entrepreneur", "brand-ceo"] as const) cookies[tier] = await memberWithTier(tier);
  for (const level of LEVELS) {
    const [post] = await db
      .insert(communityPosts)
      .values({ content: `Looking for a quokkamold supplier (${level} post)`, accessLevel: level })
      .returning({ id: communityPosts.id });
    if (!post) throw new Error("post not inserted");
    await db.insert(communityReplies).values({ postId: post.id, content: `Try the quokkamold people in Ohio (${level} reply)` });
    await db.insert(mediaVideos).values({ fileName: `Quokkamold basics (${level})`, description: "Molds explained", fileType: "video/mp4", url: "https://videos.example.com/secret-video.mp4", accessLevel: level });
    await db.insert(mastermindSessions).values({ title: `Quokkamold clinic (${level})`, date: "2030-01-01", time: "7:00 PM ET", location: "Online", description: "Bring your mold", tier: level });
  }
  for (const tier of ["free", "all", "inventor", "entrepreneur", "brand-ceo"] as const) {
    await db.insert(resources).values({ title: `Quokkamold checklist (${tier})`, description: "A checklist", type: "PDF", category: "manufacturing", tier, fileUrl: `https://files.example.com/secret-${tier}.pdf` });
  }
});
afterAll(() => t.close());

describe("One search: who sees what", () => {
  it("answers 401 to visitors", async () => {
    expect((await search(undefined, "quokkamold")).statusCode).toBe(401);
  });

  it("shows a free member the All Members posts, replies and videos, no sessions, and every resource, locked above Free with the plan that opens it", async () => {
    const found = await results(cookies.free, "quokkamold");
    expect(kindsAndLevels(found)).toEqual(
      ["post:all", "reply:all", "video:all", "resource:free", "resource:all", "resource:inventor", "resource:entrepreneur", "resource:brand-ceo"].sort(),
    );
    const locks = Object.fromEntries(found.filter((result) => result.kind === "resource").map((result) => [result.level, [result.locked, result.requiredPlan]]));
    expect(locks).toEqual({
      free: [false, null],
      all: [true, "inventor"],
      inventor: [true, "inventor"],
      entrepreneur: [true, "entrepreneur"],
      "brand-ceo": [true, "brand-ceo"],
    });
  });

  it("shows each paid tier exactly what its lists show, and never a file address", async () => {
    const inventor = await results(cookies.inventor, "quokkamold");
    expect(kindsAndLevels(inventor.filter((result) => result.kind !== "resource"))).toEqual(
      ["post:all", "post:inventor", "reply:all", "reply:inventor", "video:all", "video:inventor", "session:all", "session:inventor"].sort(),
    );
    expect(inventor.filter((result) => result.locked).map((result) => result.level).sort()).toEqual(["brand-ceo", "entrepreneur"]);
    const ceo = await search(cookies["brand-ceo"], "quokkamold");
    expect(ceo.json().results).toHaveLength(4 * 4 + 5);
    expect(ceo.json().results.every((result: SearchResult) => !result.locked)).toBe(true);
    expect(ceo.body).not.toContain("example.com");
  });

  it("leaves out posts and replies that moderation has hidden, and the replies of a hidden post, except for admins", async () => {
    const db = t.database.db;
    const [post] = await db.insert(communityPosts).values({ content: "quokkahidden post everyone flagged", hidden: true }).returning({ id: communityPosts.id });
    if (!post) throw new Error("post not inserted");
    await db.insert(communityReplies).values({ postId: post.id, content: "quokkahidden reply under a hidden post" });
    const [shown] = await db.insert(communityPosts).values({ content: "quokkahidden visible post" }).returning({ id: communityPosts.id });
    if (!shown) throw new Error("post not inserted");
    await db.insert(communityReplies).values({ postId: shown.id, content: "quokkahidden hidden reply", hidden: true });
    const found = await results(cookies["brand-ceo"], "quokkahidden");
    expect(found.map((result) => plain(result.snippet))).toEqual(["quokkahidden visible post"]);
    // Admins see hidden items in the feed, to moderate them, and so in search.
    const email = uniqueEmail("search-admin");
    const admin = await signUp(t.app, { name: "Search Admin", email, password: "secret12" });
    await db.update(users).set({ role: "admin" }).where(eq(users.email, email));
    expect(await results(admin, "quokkahidden")).toHaveLength(4);
  });
});

describe("One search: matching, ranking and highlights", () => {
  it("matches every word as a prefix and needs all of them", async () => {
    expect((await results(cookies["brand-ceo"], "quokka")).length).toBeGreaterThanOrEqual(21);
    const both = await results(cookies["brand-ceo"], "quokkam ohio");
    expect(both.map((result) => result.kind)).toEqual(["reply", "reply", "reply", "reply"]);
    expect(await results(cookies["brand-ceo"], "quokkamold zanzibar")).toEqual([]);
  });

  it("finds the start of a word whose letters stem differently from the whole word, and ignores stop words", async () => {
    // "gizmomwy" stems to "gizmomwi", while "gizmomwy0exz1" (letters and digits) is indexed as written.
    await t.database.db.insert(communityPosts).values({ content: "Who makes gizmomwy0exz1 housings?", accessLevel: "all" });
    const found = await results(cookies.free, "gizmomwy");
    expect(found.map((result) => plain(result.snippet))).toEqual(["Who makes gizmomwy0exz1 housings?"]);
    expect(marked(found[0]?.snippet ?? [])).toEqual(["gizmomwy0exz1"]);
    expect((await results(cookies.free, "the gizmomwy")).length).toBe(1);
  });

  it("ranks a title match above a body match, and more mentions above fewer", async () => {
    const db = t.database.db;
    await db.insert(communityPosts).values({ content: "wombatgear once" });
    await db.insert(communityPosts).values({ content: "wombatgear here, wombatgear there, wombatgear everywhere" });
    await db.insert(resources).values({ title: "Wombatgear field guide", description: "Everything about it", type: "PDF", category: "general", tier: "free" });
    const found = await results(cookies.free, "wombatgear");
    expect(found.map((result) => `${result.kind}:${plain(result.title).startsWith("Wombatgear") ? "title" : plain(result.snippet)}`)).toEqual([
      "resource:title",
      "post:wombatgear here, wombatgear there, wombatgear everywhere",
      "post:wombatgear once",
    ]);
  });

  it("marks the matched words, stemmed ones included, and hands back a member's markup as plain text", async () => {
    const content = 'Manufacturers <img src=x onerror="alert(1)"> & <b>bold</b> claims about manufacturing';
    await t.database.db.insert(communityPosts).values({ content });
    const [result] = await results(cookies.free, "manufacturing bold");
    if (!result) throw new Error("post not found");
    expect(plain(result.snippet)).toBe(content);
    expect(marked(result.snippet)).toEqual(["Manufacturers", "bold", "manufacturing"]);
    expect(result.title).toEqual([{ text: "Deleted member", match: false }]);
  });

  it("shows a passage around the first match of a long text", async () => {
    const content = `${"Opening words about nothing in particular. ".repeat(20)}Then the numbatlathe appears. ${"Closing words. ".repeat(20)}`;
    await t.database.db.insert(communityPosts).values({ content });
    const [result] = await results(cookies.free, "numbat");
    const snippet = plain(result?.snippet ?? []);
    expect(snippet.length).toBeLessThan(260);
    expect(snippet).toMatch(/^… .*numbatlathe.* …$/);
    expect(marked(result?.snippet ?? [])).toEqual(["numbatlathe"]);
  });

  it("treats query syntax as plain words: operators and quotes find nothing and never fail", async () => {
    for (const q of ["&|!():*", "') or 1=1 --", "quokkamold:* | !x", "a".repeat(60)]) {
      const response = await search(cookies.free, q);
      expect(response.statusCode, q).toBe(200);
    }
    expect((await results(cookies.free, "quokkamold:* | !x")).length).toBe(0);
    expect((await results(cookies.free, "the and of")).length).toBe(0);
  });

  it("refuses an empty or overlong query with the field named", async () => {
    const empty = await search(cookies.free, "   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.q).toBe("Search needs at least one word");
    expect((await search(cookies.free, "x".repeat(201))).statusCode).toBe(400);
  });
});

describe("One search: the search table follows every write", () => {
  const texts = (list: SearchResult[]) => list.map((result) => `${result.kind}:${plain(result.snippet)}`).sort();

  it("finds an edited post by its new words only, and neither a deleted post nor its replies", async () => {
    const db = t.database.db;
    const [post] = await db.insert(communityPosts).values({ content: "bilbyfern first draft" }).returning({ id: communityPosts.id });
    if (!post) throw new Error("post not inserted");
    await db.insert(communityReplies).values({ postId: post.id, content: "bilbyfern answer" });
    expect(texts(await results(cookies.free, "bilbyfern"))).toEqual(["post:bilbyfern first draft", "reply:bilbyfern answer"]);

    await db.update(communityPosts).set({ content: "potoroowax second draft" }).where(eq(communityPosts.id, post.id));
    expect(texts(await results(cookies.free, "bilbyfern"))).toEqual(["reply:bilbyfern answer"]);
    expect(texts(await results(cookies.free, "potoroowax"))).toEqual(["post:potoroowax second draft"]);

    await db.delete(communityPosts).where(eq(communityPosts.id, post.id));
    expect(await results(cookies.free, "potoroowax")).toEqual([]);
    expect(await results(cookies.free, "bilbyfern")).toEqual([]);
  });

  it("moves a post's replies with it to another tier, and a hidden post and its replies reach admins only", async () => {
    const db = t.database.db;
    const [post] = await db.insert(communityPosts).values({ content: "dunnartglow question", accessLevel: "all" }).returning({ id: communityPosts.id });
    if (!post) throw new Error("post not inserted");
    await db.insert(communityReplies).values({ postId: post.id, content: "dunnartglow answer" });
    expect(kindsAndLevels(await results(cookies.free, "dunnartglow"))).toEqual(["post:all", "reply:all"]);

    await db.update(communityPosts).set({ accessLevel: "entrepreneur" }).where(eq(communityPosts.id, post.id));
    expect(await results(cookies.free, "dunnartglow")).toEqual([]);
    expect(await results(cookies.inventor, "dunnartglow")).toEqual([]);
    expect(kindsAndLevels(await results(cookies.entrepreneur, "dunnartglow"))).toEqual(["post:entrepreneur", "reply:entrepreneur"]);

    await db.update(communityPosts).set({ hidden: true }).where(eq(communityPosts.id, post.id));
    expect(await results(cookies["brand-ceo"], "dunnartglow")).toEqual([]);
    const email = uniqueEmail("search-table-admin");
    const admin = await signUp(t.app, { name: "Table Admin", email, password: "secret12" });
    await db.update(users).set({ role: "admin" }).where(eq(users.email, email));
    expect(kindsAndLevels(await results(admin, "dunnartglow"))).toEqual(["post:entrepreneur", "reply:entrepreneur"]);
  });

  it("finds resources, videos and sessions by their edited words, at their new tier", async () => {
    const db = t.database.db;
    const [resource] = await db.insert(resources).values({ title: "Echidnaloom guide", description: "Plain", type: "PDF", category: "general", tier: "free" }).returning({ id: resources.id });
    const [video] = await db.insert(mediaVideos).values({ fileName: "Echidnaloom lesson", description: "Plain", fileType: "video/mp4", accessLevel: "all" }).returning({ id: mediaVideos.id });
    const [session] = await db.insert(mastermindSessions).values({ title: "Echidnaloom clinic", date: "2030-02-01", time: "7:00 PM ET", location: "Online", description: "Plain", tier: "all" }).returning({ id: mastermindSessions.id });
    if (!resource || !video || !session) throw new Error("not inserted");
    expect(kindsAndLevels(await results(cookies.inventor, "echidnaloom"))).toEqual(["resource:free", "session:all", "video:all"]);

    await db.update(resources).set({ title: "Wallabyjig guide", tier: "brand-ceo" }).where(eq(resources.id, resource.id));
    await db.update(mediaVideos).set({ fileName: "Wallabyjig lesson", accessLevel: "entrepreneur" }).where(eq(mediaVideos.id, video.id));
    await db.update(mastermindSessions).set({ title: "Wallabyjig clinic", tier: "brand-ceo" }).where(eq(mastermindSessions.id, session.id));
    expect(await results(cookies.inventor, "echidnaloom")).toEqual([]);
    const found = await results(cookies.inventor, "wallabyjig");
    expect(found.map((result) => `${result.kind}:${result.level}:${result.locked}`)).toEqual(["resource:brand-ceo:true"]);
    expect(kindsAndLevels(await results(cookies["brand-ceo"], "wallabyjig"))).toEqual(["resource:brand-ceo", "session:brand-ceo", "video:entrepreneur"]);
  });

  it("fills the 30 results past better-ranked matches that moderation hid", async () => {
    await t.database.db.execute(sql`insert into community_posts (content, hidden)
      select 'kowaripeg kowaripeg kowaripeg flagged ' || g, true from generate_series(1, 40) g`);
    await t.database.db.execute(sql`insert into community_posts (content) select 'kowaripeg fine ' || g from generate_series(1, 35) g`);
    const found = await results(cookies.free, "kowaripeg");
    expect(found).toHaveLength(30);
    expect(found.every((result) => plain(result.snippet).startsWith("kowaripeg fine"))).toBe(true);
  });

  it("ranks a word found in more than SEARCH_CANDIDATES items among its newest matches, and still finds a rare word years old", async () => {
    const db = t.database.db;
    // Three mentions would rank this post first, but it is older than the newest SEARCH_CANDIDATES matches.
    await db.insert(communityPosts).values({ content: "dingoplank dingoplank dingoplank, the old favourite", createdAt: new Date("2023-01-01T00:00:00Z") });
    await db.execute(sql`insert into community_posts (content, created_at)
      select 'dingoplank note ' || g, now() - make_interval(hours => g) from generate_series(1, ${SEARCH_CANDIDATES}) g`);
    const found = await results(cookies.free, "dingoplank");
    expect(found).toHaveLength(30);
    expect(found.map((result) => plain(result.snippet))).not.toContain("dingoplank dingoplank dingoplank, the old favourite");

    await db.insert(communityPosts).values({ content: "quollbrick from long ago", createdAt: new Date("2021-06-01T00:00:00Z") });
    expect(texts(await results(cookies.free, "quollbrick"))).toEqual(["post:quollbrick from long ago"]);
  });

  it("takes the newest matches from before the last 7 days too when the week holds fewer than SEARCH_CANDIDATES", async () => {
    const db = t.database.db;
    // Three of these are from this week, the rest older; the best-ranked one is the oldest and one too many.
    await db.insert(communityPosts).values({ content: "bandicootjig bandicootjig bandicootjig, the old favourite", createdAt: new Date("2024-01-01T00:00:00Z") });
    await db.execute(sql`insert into community_posts (content, created_at)
      select 'bandicootjig note ' || g, now() - make_interval(days => g * 2) from generate_series(1, ${SEARCH_CANDIDATES}) g`);
    const found = await results(cookies.free, "bandicootjig");
    expect(found).toHaveLength(30);
    expect(found.map((result) => plain(result.snippet))).not.toContain("bandicootjig bandicootjig bandicootjig, the old favourite");
  });
});
