import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideosResponse } from "../../common/contracts/videos";
import { mediaVideos } from "../features/videos/videos.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../test/build-test-app";

/** What Chromium sends with every request. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
});
afterAll(() => t.close());

async function insertVideos(count: number, accessLevel: "all" | "brand-ceo", prefix: string): Promise<void> {
  const rows = Array.from({ length: count }, (_, index) => ({
    fileName: `${prefix} ${index + 1}`,
    description: "How one step of a product launch works, with examples from members' launches.",
    accessLevel,
    isYoutube: true,
    youtubeId: "dQw4w9WgXcQ",
    releaseDate: "2025-01-01",
    fileType: "video/mp4",
  }));
  await t.database.db.insert(mediaVideos).values(rows);
}

function get(url: string, cookie: string, acceptEncoding?: string) {
  return t.app.inject({ url, headers: { cookie, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) } });
}

const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe("members' lists for a browser that accepts compression", () => {
  it("arrive compressed with brotli, or gzip where brotli is not accepted, holding the same JSON", async () => {
    await insertVideos(20, "all", "Launch lesson");
    const { cookie } = await memberCookie(t, "inventor");
    const plain = await get("/api/videos", cookie);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");

    for (const [acceptEncoding, encoding] of [[BROWSER_ACCEPT_ENCODING, "br"], ["gzip, deflate", "gzip"]] as const) {
      const response = await get("/api/videos", cookie, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.headers.vary).toContain("Accept-Encoding");
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoders[encoding](response.rawPayload).toString("utf8"))).toEqual(plain.json());
    }
  });

  it("follow a tier change: a downgraded member's compressed list drops the higher videos", async () => {
    await insertVideos(3, "brand-ceo", "CEO masterclass");
    const member = await memberCookie(t, "brand-ceo");
    const titles = async () => {
      const response = await get("/api/videos", member.cookie, BROWSER_ACCEPT_ENCODING);
      expect(response.headers["content-encoding"]).toBe("br");
      return (JSON.parse(brotliDecompressSync(response.rawPayload).toString("utf8")) as VideosResponse).videos.map((video) => video.title);
    };
    expect(await titles()).toContain("CEO masterclass 1");

    const changed = await sendJson(t.app, "PATCH", `/api/admin/users/${member.userId}`, { membershipTier: "free" }, admin);
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await titles();
    expect(after).not.toContain("CEO masterclass 1");
    expect(after).toContain("Launch lesson 1");
  });

  it("send a short answer as it is", async () => {
    const { cookie } = await memberCookie(t, "free");
    const response = await get("/api/members/dashboard", cookie, BROWSER_ACCEPT_ENCODING);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toEqual({ events: [] });
  });
});
