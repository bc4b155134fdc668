import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaPage } from "../../../common/contracts/media";
import { buildTestApp, memberCookie, type TestApp } from "../../test/build-test-app";
import { mediaItems } from "./media.table";

const ITEMS = 5000;
const FOLDERS = ["general", "products", "team", "marketing"] as const;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
  // Written straight into the table: the library's size is the point here, not how items arrive.
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: ITEMS }, (_, index) => ({
    kind: "video" as const,
    name: `Lesson ${String(index).padStart(4, "0")}`,
    fileType: "youtube/video",
    youtubeId: `vid${String(index).padStart(8, "0")}`,
    folder: FOLDERS[index % FOLDERS.length] ?? "general",
    createdAt: new Date(start + index * 60_000),
  }));
  for (let offset = 0; offset < rows.length; offset += 1000) await t.database.db.insert(mediaItems).values(rows.slice(offset, offset + 1000));
});
afterAll(() => t.close());

async function timedList(query: string): Promise<{ page: MediaPage; ms: number }> {
  const started = performance.now();
  const response = await t.app.inject({ method: "GET", url: `/api/admin/media?${query}`, headers: { cookie: admin } });
  const ms = performance.now() - started;
  expect(response.statusCode, response.body).toBe(200);
  return { page: response.json(), ms };
}

describe("a library of thousands of items", () => {
  it("answers any page, a folder and a name search a page at a time, newest first, with the total for the pager", async () => {
    const first = await timedList("page=1");
    expect({ total: first.page.total, count: first.page.items.length, newest: first.page.items[0]?.name }).toEqual({ total: ITEMS, count: 48, newest: "Lesson 4999" });
    const last = await timedList(`page=${Math.ceil(ITEMS / 48)}`);
    expect({ count: last.page.items.length, oldest: last.page.items.at(-1)?.name }).toEqual({ count: ITEMS % 48, oldest: "Lesson 0000" });
    const folder = await timedList("folder=team&page=3");
    expect({ total: folder.page.total, folders: [...new Set(folder.page.items.map((item) => item.folder))] }).toEqual({ total: ITEMS / 4, folders: ["team"] });
    const search = await timedList("search=lesson%20012");
    expect(search.page.items.map((item) => item.name)).toEqual(Array.from({ length: 10 }, (_, index) => `Lesson 012${9 - index}`));
    const timings = { first: first.ms, last: last.ms, folder: folder.ms, search: search.ms };
    console.info(`media list over ${ITEMS} items (ms): ${JSON.stringify(Object.fromEntries(Object.entries(timings).map(([key, ms]) => [key, Math.round(ms)])))}`);
    // Generous for a shared CI machine; here each answers in a few tens of milliseconds.
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(2000);
  });
});
