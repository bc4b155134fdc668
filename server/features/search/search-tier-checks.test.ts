import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResponse, SearchResult } from "../../../common/contracts/search";
import { buildTestApp, memberCookie, type TestApp } from "../../test/build-test-app";
import { communityPosts, communityReplies } from "../community/community.table";
import { mastermindSessions } from "../sessions/sessions.table";
import { mediaVideos } from "../videos/videos.table";
import { SEARCH_CANDIDATES } from "./search-candidates";
import { searchEntries } from "./search.table";

/*
 * The two tier defences of one search, each on its own: the candidates' audience filter
 * (search-candidates.ts) and the check of each candidate on its own row (search-checks.ts). Each test
 * here passes only while its defence is in place, whatever the other one does.
 */

let t: TestApp;
let inventor: string;
beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false" });
  inventor = (await memberCookie(t, "inventor")).cookie;
});
afterAll(() => t.close());

async function results(cookie: string, q: string): Promise<SearchResult[]> {
  const response = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SearchResponse).results;
}

const sessionRow = (title: string, tier: "all" | "brand-ceo", date: string) => ({ title, tier, date, time: "7:00 PM ET", location: "Online", description: "Bring your questions" });

describe("search: the row-level tier check alone", () => {
  it("keeps a brand-ceo post, reply, video and session from an inventor whose candidates wrongly let them through", async () => {
    const db = t.database.db;
    const [post] = await db.insert(communityPosts).values({ content: "Vexlorin tooling notes (VIP post)", accessLevel: "brand-ceo" }).returning({ id: communityPosts.id });
    const [reply] = await db.insert(communityReplies).values({ postId: post!.id, content: "Vexlorin reply (VIP)" }).returning({ id: communityReplies.id });
    const [video] = await db
      .insert(mediaVideos)
      .values({ fileName: "Vexlorin masterclass (VIP)", description: "VIP only", fileType: "video/mp4", url: "https://videos.example.com/vip.mp4", accessLevel: "brand-ceo" })
      .returning({ id: mediaVideos.id });
    const [session] = await db.insert(mastermindSessions).values(sessionRow("Vexlorin clinic (VIP)", "brand-ceo", "2099-01-01")).returning({ id: mastermindSessions.id });
    // A stale or wrong entry: the candidate filter now lets each one through to an inventor.
    for (const [kind, itemId] of [["post", post!.id], ["reply", reply!.id], ["video", video!.id], ["session", session!.id]] as const) {
      await db.update(searchEntries).set({ audience: `${kind}:all` }).where(and(eq(searchEntries.kind, kind), eq(searchEntries.itemId, itemId)));
    }
    const stale = await db
      .select({ kind: searchEntries.kind })
      .from(searchEntries)
      .where(and(like(searchEntries.audience, "%:all"), sql`${searchEntries.vector} @@ to_tsquery('english', 'vexlorin')`));
    expect(stale).toHaveLength(4);

    expect(await results(inventor, "vexlorin")).toEqual([]);
  });
});

describe("search: the candidate tier filter alone", () => {
  it("finds an inventor's own older match past more than SEARCH_CANDIDATES newer matches of a higher tier", async () => {
    const db = t.database.db;
    // The higher tier's matches are newer, so without the filter they would fill every candidate
    // place and the row check would then reject them all, leaving the inventor with nothing.
    await db.insert(mastermindSessions).values(Array.from({ length: SEARCH_CANDIDATES + 5 }, (_, index) => sessionRow(`Quillomat clinic ${index} (VIP)`, "brand-ceo", "2099-06-01")));
    await db.insert(communityPosts).values(Array.from({ length: SEARCH_CANDIDATES + 5 }, (_, index) => ({ content: `Quillomat VIP notes ${index}`, accessLevel: "brand-ceo" as const })));
    await db.insert(mastermindSessions).values(sessionRow("Quillomat clinic for everyone", "all", "2099-01-01"));
    await db.insert(communityPosts).values({ content: "Quillomat notes for everyone", accessLevel: "all", createdAt: new Date("2020-01-01T00:00:00Z") });

    const found = await results(inventor, "quillomat");
    expect(found.map((result) => `${result.kind}:${result.level}`).sort()).toEqual(["post:all", "session:all"]);
  });
});
