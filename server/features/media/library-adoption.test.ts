import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaPage, MediaUsage } from "../../../common/contracts/media";
import { buildTestApp, memberCookie, type TestApp } from "../../test/build-test-app";
import { resources } from "../resources/resources.table";
import { mediaVideos } from "../videos/videos.table";
import { adoptServedFiles } from "./library-adoption";
import { mediaItems } from "./media.table";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

describe("files stored before the media library held every file", () => {
  it("become library items at the next start, once, with their size and their content's folder, and a delete names what uses them", async () => {
    const { db } = t.database;
    const { cookie } = await memberCookie(t, "admin");
    // As an install filled before: the resource's and the video's files are in the store, not in the library.
    const guideBytes = Buffer.from("%PDF-1.4 an older guide");
    const guideKey = await t.files.put("resources", "pdf", guideBytes);
    const clipKey = await t.files.put("videos", "mp4", Buffer.alloc(2048, 1));
    const [guide] = await db
      .insert(resources)
      .values({ title: "Older guide", description: "Stored before", type: "PDF", category: "general", tier: "free", fileKey: guideKey, fileName: "older-guide.pdf", fileType: "application/pdf" })
      .returning({ id: resources.id });
    await db.insert(resources).values({ title: "Lost file", description: "Its file is gone", type: "PDF", category: "general", tier: "free", fileKey: "resources/gone.pdf", fileName: "gone.pdf", fileType: "application/pdf" });
    await db.insert(mediaVideos).values({ fileName: "Older clip", fileType: "video/mp4", fileKey: clipKey, fileSize: 2048 });
    const listed = async () => ((await get("/api/admin/media?folder=all", cookie)).json() as MediaPage).items;
    expect((await listed()).map((item) => item.name)).not.toContain("older-guide.pdf");

    // Two instances starting at once add each file once.
    const added = await Promise.all([adoptServedFiles(db, t.files), adoptServedFiles(db, t.files)]);
    expect(added[0] + added[1]).toBe(2);
    expect(await adoptServedFiles(db, t.files)).toBe(0);

    const items = await listed();
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "older-guide.pdf", kind: "document", folder: "resources", size: guideBytes.length }),
        expect.objectContaining({ name: "Older clip", kind: "video", folder: "videos", size: 2048 }),
      ]),
    );
    expect(items.map((item) => item.name)).not.toContain("gone.pdf");
    const [adopted] = await db.select({ id: mediaItems.id }).from(mediaItems).where(eq(mediaItems.fileKey, guideKey));
    const usage = (await get(`/api/admin/media/${adopted?.id}/usage`, cookie)).json() as MediaUsage;
    expect(usage.usages).toEqual([expect.objectContaining({ kind: "resource", id: guide?.id, title: "Older guide" })]);
  });
});
