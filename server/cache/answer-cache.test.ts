import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedResponse } from "../../common/contracts/community";
import type { DashboardResponse } from "../../common/contracts/members";
import type { ResourcesResponse } from "../../common/contracts/resources";
import type { VideosResponse } from "../../common/contracts/videos";
import { users } from "../auth/auth.table";
import { communityPosts } from "../features/community/community.table";
import { resources } from "../features/resources/resources.table";
import { mastermindSessions } from "../features/sessions/sessions.table";
import { mediaVideos } from "../features/videos/videos.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../test/build-test-app";

/**
 * Two instances on one database, each with the production check interval: what one instance
 * cached must give way to a write made anywhere within one second. The waits are the promised bound,
 * never a measurement; a missing invalidation keeps the old answer for a minute and fails here.
 */
const CHECK_MS = "250";
const onPostgres = process.env.TEST_DB === "postgres";
const WITHIN_ONE_SECOND = 1000;
/** setTimeout may wake a millisecond early by Date.now(), which the expiry checks read. */
const CLOCK_SLACK_MS = 5;

let writer: TestApp;
let reader: TestApp;
let admin: string;

beforeAll(async () => {
  writer = await buildTestApp({ CONTENT_VERSION_CHECK_MS: CHECK_MS });
  reader = await buildTestApp({ CONTENT_VERSION_CHECK_MS: CHECK_MS }, writer);
  admin = (await memberCookie(writer, "admin")).cookie;
});
afterAll(async () => {
  await reader.close();
  await writer.close();
});

const waitOneSecond = () => sleep(WITHIN_ONE_SECOND + CLOCK_SLACK_MS);

async function getJson<T>(t: TestApp, url: string, cookie?: string): Promise<T> {
  const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const videoTitles = async (t: TestApp, cookie?: string) => (await getJson<VideosResponse>(t, "/api/videos", cookie)).videos.map((video) => video.title);

async function insertVideo(title: string, accessLevel: "all" | "brand-ceo"): Promise<number> {
  const [row] = await writer.database.db
    .insert(mediaVideos)
    .values({ fileName: title, description: title, accessLevel, isYoutube: true, youtubeId: "dQw4w9WgXcQ", releaseDate: "2025-01-01", fileType: "video/mp4" })
    .returning({ id: mediaVideos.id });
  if (!row) throw new Error("no video row");
  return row.id;
}

describe("cached lists on two instances", () => {
  it("drop a deleted video everywhere within a second, and at once on the instance that deleted it", async () => {
    const member = await memberCookie(writer, "brand-ceo");
    const id = await insertVideo("Deleted soon", "all");
    expect(await videoTitles(reader, member.cookie)).toContain("Deleted soon");
    expect(await videoTitles(writer, member.cookie)).toContain("Deleted soon");

    expect((await sendJson(writer.app, "DELETE", `/api/admin/videos/${id}`, undefined, admin)).statusCode).toBe(204);
    expect(await videoTitles(writer, member.cookie)).not.toContain("Deleted soon");
    await waitOneSecond();
    expect(await videoTitles(reader, member.cookie)).not.toContain("Deleted soon");
  });

  it("hide an item whose tier went up, whatever wrote it (anonymous and free answers included)", async () => {
    const free = await memberCookie(writer, "free");
    const id = await insertVideo("Open for now", "all");
    expect(await videoTitles(reader)).toContain("Open for now");
    expect(await videoTitles(reader, free.cookie)).toContain("Open for now");

    await writer.database.db.update(mediaVideos).set({ accessLevel: "brand-ceo" }).where(eq(mediaVideos.id, id));
    await waitOneSecond();
    expect(await videoTitles(reader)).not.toContain("Open for now");
    expect(await videoTitles(reader, free.cookie)).not.toContain("Open for now");
  });

  it("lock a downgraded member's resources and drop their higher videos within a second", async () => {
    const member = await memberCookie(writer, "brand-ceo");
    await writer.database.db.insert(resources).values({ title: "CEO playbook", description: "For CEOs", type: "PDF", category: "legal", tier: "brand-ceo", fileUrl: "https://files.example.com/ceo.pdf" });
    await insertVideo("CEO masterclass", "brand-ceo");
    const playbook = async () => (await getJson<ResourcesResponse>(reader, "/api/resources?category=legal", member.cookie)).resources.find((item) => item.title === "CEO playbook");
    expect(await playbook()).toMatchObject({ locked: false, downloadUrl: expect.stringContaining("/api/resources/") });
    expect(await videoTitles(reader, member.cookie)).toContain("CEO masterclass");

    const changed = await sendJson(writer.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "free" }, admin);
    expect(changed.statusCode, changed.body).toBe(200);
    await waitOneSecond();
    expect(await playbook()).toMatchObject({ locked: true, downloadUrl: null });
    expect(await videoTitles(reader, member.cookie)).not.toContain("CEO masterclass");
  });

  it("stop answering a deactivated member within a second", async () => {
    const member = await memberCookie(writer, "brand-ceo");
    await getJson<FeedResponse>(reader, "/api/community/posts", member.cookie);
    await getJson<DashboardResponse>(reader, "/api/members/dashboard", member.cookie);

    const changed = await sendJson(writer.app, "PATCH", `/api/admin/users/${member.userId}`, { isActive: false }, admin);
    expect(changed.statusCode, changed.body).toBe(200);
    await waitOneSecond();
    for (const url of ["/api/community/posts", "/api/members/dashboard"]) {
      expect([401, 403]).toContain((await reader.app.inject({ url, headers: { cookie: member.cookie } })).statusCode);
    }
    const videos = await getJson<VideosResponse>(reader, "/api/videos", member.cookie);
    expect(videos.videos.every((video) => video.accessLevel === "all")).toBe(true);
  });

  it("show a post's new level, its deletion and its author's new name in the feed within a second", async () => {
    const inventor = await memberCookie(writer, "inventor", "Ivy Original");
    const [restricted] = await writer.database.db.insert(communityPosts).values({ content: "Soon for CEOs only", accessLevel: "all" }).returning({ id: communityPosts.id });
    const [deleted] = await writer.database.db.insert(communityPosts).values({ content: "Soon gone" }).returning({ id: communityPosts.id });
    await writer.database.db.insert(communityPosts).values({ authorId: inventor.userId, content: "Signed by Ivy" });
    const feed = async () => (await getJson<FeedResponse>(reader, "/api/community/posts?limit=50", inventor.cookie)).posts;
    const before = await feed();
    expect(before.map((post) => post.content)).toEqual(expect.arrayContaining(["Soon for CEOs only", "Soon gone", "Signed by Ivy"]));

    await writer.database.db.update(communityPosts).set({ accessLevel: "brand-ceo" }).where(eq(communityPosts.id, restricted!.id));
    await writer.database.db.delete(communityPosts).where(eq(communityPosts.id, deleted!.id));
    await writer.database.db.update(users).set({ name: "Ivy Renamed" }).where(eq(users.id, inventor.userId));
    await waitOneSecond();
    const after = await feed();
    expect(after.map((post) => post.content)).not.toContain("Soon for CEOs only");
    expect(after.map((post) => post.content)).not.toContain("Soon gone");
    expect(after.find((post) => post.content === "Signed by Ivy")?.author.name).toBe("Ivy Renamed");
  });

  it("move a dashboard event out of a tier within a second", async () => {
    const entrepreneur = await memberCookie(writer, "entrepreneur");
    const [session] = await writer.database.db
      .insert(mastermindSessions)
      .values({ title: "Workshop moving up", date: "2099-01-01", time: "7 PM", location: "Online", description: "Pitches", tier: "entrepreneur" })
      .returning({ id: mastermindSessions.id });
    const titles = async () => (await getJson<DashboardResponse>(reader, "/api/members/dashboard", entrepreneur.cookie)).events.map((event) => event.title);
    expect(await titles()).toContain("Workshop moving up");

    await writer.database.db.update(mastermindSessions).set({ tier: "brand-ceo" }).where(eq(mastermindSessions.id, session!.id));
    await waitOneSecond();
    expect(await titles()).not.toContain("Workshop moving up");
  });

  // PGlite runs one transaction at a time; PostgreSQL is where writers overlap.
  it.runIf(onPostgres)("show posts of writers that overlap and commit out of order, none waiting for another", async () => {
    const member = await memberCookie(writer, "inventor");
    const contents = async () => (await getJson<FeedResponse>(reader, "/api/community/posts?limit=50", member.cookie)).posts.map((post) => post.content);
    await contents();

    let commitSlow = () => {};
    const slowMayCommit = new Promise<void>((resolve) => (commitSlow = resolve));
    let slowWrote = () => {};
    const slowHasWritten = new Promise<void>((resolve) => (slowWrote = resolve));
    const slow = writer.database.db.transaction(async (tx) => {
      await tx.insert(communityPosts).values({ content: "Slow writer" });
      slowWrote();
      await slowMayCommit;
    });
    try {
      await slowHasWritten;
      // Another member posts through the other instance while the slow write is still open: answered
      // at once (were writers to queue on one row, this would wait for the slow commit, which never comes).
      const fast = await sendJson(reader.app, "POST", "/api/community/posts", { content: "Fast writer" }, member.cookie);
      expect(fast.statusCode, fast.body).toBe(201);
      // Built before the slow writer commits and kept by the reader: the commit must make it stale.
      const beforeCommit = await contents();
      expect(beforeCommit).toContain("Fast writer");
      expect(beforeCommit).not.toContain("Slow writer");
    } finally {
      commitSlow();
      await slow;
    }
    await waitOneSecond();
    expect(await contents()).toEqual(expect.arrayContaining(["Fast writer", "Slow writer"]));
  });
});
