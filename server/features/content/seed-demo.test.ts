import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv, shouldSeedDemo } from "../../env";
import type { MediaPage, MediaUsage } from "../../../common/contracts/media";
import { buildTestApp, memberCookie, type TestApp } from "../../test/build-test-app";
import { communityPosts } from "../community/community.table";
import { resources } from "../resources/resources.table";
import { mastermindSessions } from "../sessions/sessions.table";
import { mediaVideos } from "../videos/videos.table";
import { seedDemoContent } from "./seed-demo";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const countOf = async (table: typeof mastermindSessions | typeof communityPosts | typeof resources | typeof mediaVideos) =>
  Number((await t.database.db.select({ value: count() }).from(table))[0]?.value);

describe("demo content", () => {
  it("seeds 4 sessions, 3 posts, 4 resources with stored PDFs and 5 videos, once", async () => {
    const results = await Promise.all([seedDemoContent(t.database.db, t.files), seedDemoContent(t.database.db, t.files)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoContent(t.database.db, t.files)).toBe(false);
    expect([await countOf(mastermindSessions), await countOf(communityPosts), await countOf(resources), await countOf(mediaVideos)]).toEqual([4, 3, 4, 5]);

    const stored = await t.database.db.select({ fileKey: resources.fileKey }).from(resources);
    for (const { fileKey } of stored) {
      expect(fileKey).not.toBeNull();
      const file = await t.files.stat(fileKey as string);
      expect(file?.size).toBeGreaterThan(500);
    }
    const upcoming = await t.database.db.select({ date: mastermindSessions.date, isPast: mastermindSessions.isPast }).from(mastermindSessions);
    const today = new Date().toISOString().slice(0, 10);
    for (const session of upcoming) expect(session.date > today).toBe(!session.isPast);
  });

  it("puts the sample PDFs and videos in the media library: listed, offered to resources, and named with their resource before a delete", async () => {
    const { cookie } = await memberCookie(t, "admin");
    const library = async (query: string) => (await t.app.inject({ method: "GET", url: `/api/admin/media?${query}`, headers: { cookie } })).json() as MediaPage;
    const all = await library("");
    expect(all.total).toBe(9);
    const pdfs = (await library("kind=document,image&stored=true")).items;
    const seeded = await t.database.db.select({ title: resources.title, fileName: resources.fileName }).from(resources);
    expect(pdfs.map((item) => item.name).sort()).toEqual(seeded.map((resource) => resource.fileName).sort());
    expect(pdfs.every((item) => item.folder === "resources" && item.fileType === "application/pdf" && item.size > 500 && item.pageCount === 1)).toBe(true);
    const videos = (await library("kind=video")).items;
    expect(videos.map((item) => item.name).sort()).toEqual((await t.database.db.select({ title: mediaVideos.fileName }).from(mediaVideos)).map((video) => video.title).sort());
    expect(videos.every((item) => item.isYoutube && item.folder === "videos")).toBe(true);

    const pdf = pdfs[0];
    const file = await t.app.inject({ method: "GET", url: pdf?.url ?? "", headers: { cookie } });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const usage = (await t.app.inject({ method: "GET", url: `/api/admin/media/${pdf?.id}/usage`, headers: { cookie } })).json() as MediaUsage;
    expect(usage.usages).toEqual([{ kind: "resource", id: expect.any(Number), title: seeded.find((resource) => resource.fileName === pdf?.name)?.title }]);
  });

  it("is on for the embedded database and off for PostgreSQL unless SEED_DEMO says otherwise", () => {
    const env = (vars: Record<string, string>) => loadEnv({ NODE_ENV: "test", ...vars });
    expect(shouldSeedDemo(env({}))).toBe(true);
    expect(shouldSeedDemo(env({ SEED_DEMO: "false" }))).toBe(false);
    expect(shouldSeedDemo(env({ DATABASE_URL: "postgres://db/app" }))).toBe(false);
    expect(shouldSeedDemo(env({ DATABASE_URL: "postgres://db/app", SEED_DEMO: "true" }))).toBe(true);
  });
});
