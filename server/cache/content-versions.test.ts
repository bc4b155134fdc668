import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityPosts } from "../features/community/community.table";
import { waitUntil } from "../reliability/http-client";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { createContentVersions } from "./content-versions";
import { contentChanges } from "./content-versions.table";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const unfoldedChanges = async () => Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(contentChanges))[0]?.n ?? 0);

describe("content versions", () => {
  it("fold the change rows of many writes into the counters without moving any version, and keep moving with the next write", async () => {
    const versions = createContentVersions(t.database.db, 0);
    for (let index = 0; index < 120; index += 1) await t.database.db.insert(communityPosts).values({ content: `Post ${index}` });
    expect(await unfoldedChanges()).toBeGreaterThanOrEqual(120);

    const read = await versions.current();
    await waitUntil("the change rows are folded", async () => (await unfoldedChanges()) === 0);
    expect(await versions.current()).toEqual(read);

    await t.database.db.insert(communityPosts).values({ content: "After the fold" });
    const after = await versions.current();
    expect(after.get("community")).toBe((read.get("community") ?? 0) + 1);
    expect(after.get("videos")).toBe(read.get("videos"));
  });
});
