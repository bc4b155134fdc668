import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentLevel } from "../../../common/content";
import type { AdminVideo, AdminVideosResponse, TrainingVideo, VideosResponse } from "../../../common/contracts/videos";
import { createFileLinkSigner } from "../../files/file-links";
import { buildTestApp, memberCookie, sendJson, TEST_SECRET, type TestApp, type TestAudience } from "../../test/build-test-app";
import { mediaVideos } from "./videos.table";
import { tamperedLink } from "../../test/tampered-link";

type Audience = TestAudience | "anonymous";
const AUDIENCES: Audience[] = ["anonymous", "free", "inventor", "entrepreneur", "brand-ceo", "admin"];
const LEVELS: ContentLevel[] = ["all", "inventor", "entrepreneur", "brand-ceo"];

/**
 * Spec 000 §6 written out: free or anonymous sees only `all`; inventor all and inventor; entrepreneur
 * all, inventor, entrepreneur; brand-ceo (and the admin) everything.
 */
const SEES: Record<Audience, ContentLevel[]> = {
  anonymous: ["all"],
  free: ["all"],
  inventor: ["all", "inventor"],
  entrepreneur: ["all", "inventor", "entrepreneur"],
  "brand-ceo": ["all", "inventor", "entrepreneur", "brand-ceo"],
  admin: ["all", "inventor", "entrepreneur", "brand-ceo"],
};

const YOUTUBE_ID = "dQw4w9WgXcQ";
const signer = createFileLinkSigner(TEST_SECRET);
let t: TestApp;
const who: Record<Audience, { cookie?: string; userId: string | null }> = {} as never;
/** One stored video per level, in the category no other test uses. */
const matrix = new Map<ContentLevel, { id: number; bytes: Buffer }>();

beforeAll(async () => {
  t = await buildTestApp();
  who.anonymous = { userId: null };
  for (const audience of AUDIENCES.filter((a): a is TestAudience => a !== "anonymous")) {
    const { cookie, userId } = await memberCookie(t, audience);
    who[audience] = { cookie, userId };
  }
  for (const level of LEVELS) {
    const bytes = Buffer.from(`webm bytes of the ${level} lesson`);
    matrix.set(level, { id: await insertVideo({ fileName: `Lesson ${level}`, accessLevel: level, category: "leadership" }, bytes), bytes });
  }
});
afterAll(() => t.close());

async function insertVideo(values: Partial<typeof mediaVideos.$inferInsert> & { fileName: string }, bytes?: Buffer): Promise<number> {
  const fileKey = bytes ? await t.files.put("videos", "webm", bytes) : null;
  const [row] = await t.database.db
    .insert(mediaVideos)
    .values({ fileType: "video/webm", duration: "10:00", description: `About ${values.fileName}`, releaseDate: "2025-01-01", fileKey, fileSize: bytes?.length ?? 0, ...values })
    .returning({ id: mediaVideos.id });
  if (!row) throw new Error("no row");
  return row.id;
}

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

async function list(cookie?: string): Promise<VideosResponse> {
  const response = await get("/api/videos", cookie);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const streamUrl = (id: number, viewerId: string | null, now?: number) => `/api/videos/${id}/stream?${signer.sign("video", id, viewerId, now)}`;
const today = () => new Date().toISOString().slice(0, 10);

describe.each(AUDIENCES)("videos seen by %s", (audience) => {
  it("lists only the visible levels, with those levels for the filter chips", async () => {
    const body = await list(who[audience].cookie);
    expect(body.visibleLevels).toEqual(SEES[audience]);
    expect(body.videos.every((video) => SEES[audience].includes(video.accessLevel))).toBe(true);
    const matrixIds = new Set([...matrix.values()].map((item) => item.id));
    const listed = body.videos.filter((video) => matrixIds.has(video.id)).map((video) => video.accessLevel);
    expect(listed.sort()).toEqual([...SEES[audience]].sort());
  });

  it.each(LEVELS)("reads a video of level %s alone only when it is visible", async (level) => {
    const { id } = matrix.get(level)!;
    const response = await get(`/api/videos/${id}`, who[audience].cookie);
    if (SEES[audience].includes(level)) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, accessLevel: level, title: `Lesson ${level}` });
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain("/stream?");
    }
  });

  it.each(LEVELS)("streams a video of level %s only when it is visible, whatever the link", async (level) => {
    const { id, bytes } = matrix.get(level)!;
    const { cookie, userId } = who[audience];
    const own = await get(streamUrl(id, userId), cookie);
    expect((await get(`/api/videos/${id}/stream`, cookie)).statusCode).toBe(403);
    expect((await get(streamUrl(id, who["brand-ceo"].userId), cookie)).statusCode).toBe(audience === "brand-ceo" ? 200 : 403);
    if (SEES[audience].includes(level)) {
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(bytes)).toBe(true);
    } else {
      expect(own.statusCode).toBe(403);
      expect(own.rawPayload.includes(bytes)).toBe(false);
    }
  });
});

describe("video DTOs", () => {
  it("gives a stored video a signed stream link that plays inline with ranges", async () => {
    const video = (await list(who.inventor.cookie)).videos.find((item) => item.id === matrix.get("inventor")!.id)!;
    expect(video).toMatchObject({ isYoutube: false, youtubeId: null, duration: "10:00", thumbnailUrl: null, releaseDate: "2025-01-01" });
    expect(video.playbackUrl).toMatch(new RegExp(`^/api/videos/${video.id}/stream\\?expires=\\d+&signature=[\\w-]+$`));
    const whole = await get(video.playbackUrl!, who.inventor.cookie);
    expect(whole.headers).toMatchObject({
      "content-type": "video/webm",
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "accept-ranges": "bytes",
    });
    expect(String(whole.headers["content-disposition"])).toMatch(/^inline; /);
    const bytes = matrix.get("inventor")!.bytes;
    const head = await get(video.playbackUrl!, who.inventor.cookie, { range: "bytes=0-3" });
    expect(head.statusCode).toBe(206);
    expect(head.headers["content-range"]).toBe(`bytes 0-3/${bytes.length}`);
    expect(head.rawPayload.equals(bytes.subarray(0, 4))).toBe(true);
    const tail = await get(video.playbackUrl!, who.inventor.cookie, { range: "bytes=-6" });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 6))).toBe(true);
    expect((await get(video.playbackUrl!, who.inventor.cookie, { range: `bytes=${bytes.length}-` })).statusCode).toBe(416);
  });

  it("refuses expired, tampered and foreign stream links", async () => {
    const { id } = matrix.get("all")!;
    const { cookie, userId } = who.free;
    expect((await get(streamUrl(id, userId), cookie)).statusCode).toBe(200);
    expect((await get(streamUrl(id, userId, Date.now() - 2 * 60 * 60 * 1000), cookie)).statusCode).toBe(403);
    expect((await get(tamperedLink(streamUrl(id, userId)), cookie)).statusCode).toBe(403);
    expect((await get(streamUrl(id, who.inventor.userId), cookie)).statusCode).toBe(403);
    // A resource link for the same id is not a video link.
    expect((await get(`/api/videos/${id}/stream?${signer.sign("resource", id, userId)}`, cookie)).statusCode).toBe(403);
  });

  it("builds a YouTube video's thumbnail and embed from its id, without a duration, unless a thumbnail is stored", async () => {
    const plain = await insertVideo({ fileName: "Tube plain", description: "", isYoutube: true, youtubeId: YOUTUBE_ID, fileType: "youtube/video", duration: null, url: `https://youtu.be/${YOUTUBE_ID}` });
    const thumbed = await insertVideo({ fileName: "Tube thumbed", isYoutube: true, youtubeId: YOUTUBE_ID, fileType: "youtube/video", thumbnailUrl: "https://cdn.example.com/t.jpg" });
    const videos = (await list()).videos;
    expect(videos.find((video) => video.id === plain)).toMatchObject({
      title: "Tube plain",
      description: "Tube plain",
      isYoutube: true,
      youtubeId: YOUTUBE_ID,
      duration: null,
      thumbnailUrl: `https://img.youtube.com/vi/${YOUTUBE_ID}/maxresdefault.jpg`,
      playbackUrl: `https://www.youtube.com/embed/${YOUTUBE_ID}`,
    });
    expect(videos.find((video) => video.id === thumbed)?.thumbnailUrl).toBe("https://cdn.example.com/t.jpg");
    // Nothing of ours to stream for a YouTube video, even with a valid link.
    expect((await get(streamUrl(plain, null))).statusCode).toBe(404);
  });

  it("answers 404 for unknown videos and a stored file that has gone, 400 for a malformed id", async () => {
    expect((await get("/api/videos/2000000")).statusCode).toBe(404);
    expect((await get(streamUrl(2_000_000, null))).statusCode).toBe(404);
    expect((await get("/api/videos/1.5")).statusCode).toBe(400);
    const gone = await insertVideo({ fileName: "Gone", fileKey: "videos/00000000-0000-4000-8000-000000000000.webm" });
    expect((await get(streamUrl(gone, null))).statusCode).toBe(404);
  });

  it("orders by release, newest first: a featured older video comes after newer ones (spec 000 §7, 001 §7)", async () => {
    const made: Array<[string, boolean, string]> = [
      ["Older featured", true, "2024-01-01"],
      ["Newest plain", false, "2025-06-01"],
      ["Newer featured", true, "2025-03-01"],
      ["Oldest plain", false, "2023-01-01"],
    ];
    for (const [fileName, featured, releaseDate] of made) await insertVideo({ fileName, featured, releaseDate, category: "scaling" });
    const titles = (await list()).videos.filter((video) => video.category === "scaling").map((video) => video.title);
    expect(titles).toEqual(["Newest plain", "Newer featured", "Older featured", "Oldest plain"]);
  });
});

describe("admin videos", () => {
  const youtube = { source: "youtube", title: "Pricing for retail", description: "Margins that survive a retailer.", category: "marketing", accessLevel: "entrepreneur", featured: false };
  const file = {
    source: "file",
    title: "Factory visit",
    description: "Walking a production line.",
    category: "manufacturing",
    accessLevel: "inventor",
    fileUrl: "https://cdn.example.com/videos/factory.webm",
    duration: "12:30",
    releaseDate: "2025-02-03",
    thumbnailUrl: "",
  };
  const post = (body: object, cookie: string | undefined = who.admin.cookie) => sendJson(t.app, "POST", "/api/admin/videos", body, cookie);

  it.each([
    `https://youtu.be/${YOUTUBE_ID}`,
    `https://www.youtube.com/embed/${YOUTUBE_ID}`,
    `https://www.youtube.com/v/${YOUTUBE_ID}`,
    `https://www.youtube.com/watch?v=${YOUTUBE_ID}&t=42s`,
  ])("adds a YouTube video from %s the way spec 001 §7 stores one", async (youtubeUrl) => {
    const response = await post({ ...youtube, youtubeUrl });
    expect(response.statusCode).toBe(201);
    const video: AdminVideo = response.json();
    expect(video).toMatchObject({
      title: "Pricing for retail",
      isYoutube: true,
      youtubeId: YOUTUBE_ID,
      duration: null,
      releaseDate: today(),
      playbackUrl: `https://www.youtube.com/embed/${YOUTUBE_ID}`,
      thumbnailUrl: `https://img.youtube.com/vi/${YOUTUBE_ID}/maxresdefault.jpg`,
      fileUrl: youtubeUrl,
    });
    const [row] = await t.database.db.select().from(mediaVideos).where(eq(mediaVideos.id, video.id));
    expect(row).toMatchObject({ fileName: "Pricing for retail", fileType: "youtube/video", fileSize: 0, url: youtubeUrl, youtubeId: YOUTUBE_ID, uploadedBy: who.admin.userId });
  });

  it.each(["https://vimeo.com/123456789", "https://youtu.be/short", "not a url", `https://www.youtube.com/watch?list=${YOUTUBE_ID}`])(
    "refuses %s as a YouTube URL with the spec's message",
    async (youtubeUrl) => {
      const response = await post({ ...youtube, youtubeUrl });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ youtubeUrl: "Invalid YouTube URL. Please enter a valid YouTube video URL." });
    },
  );

  it("keeps a given release date for a YouTube video", async () => {
    const response = await post({ ...youtube, youtubeUrl: `https://youtu.be/${YOUTUBE_ID}`, releaseDate: "2024-11-05" });
    expect(response.json()).toMatchObject({ releaseDate: "2024-11-05" });
  });

  it("adds a file video with its duration, release date and a type from the address", async () => {
    const response = await post(file);
    expect(response.statusCode).toBe(201);
    const video: AdminVideo = response.json();
    expect(video).toMatchObject({ title: "Factory visit", isYoutube: false, youtubeId: null, duration: "12:30", releaseDate: "2025-02-03", thumbnailUrl: null, fileUrl: file.fileUrl });
    const stream = await get(video.playbackUrl!, who.admin.cookie);
    expect(stream.statusCode).toBe(302);
    expect(stream.headers.location).toBe(file.fileUrl);
    const typeOf = async (fileUrl: string) => {
      const made: AdminVideo = (await post({ ...file, fileUrl })).json();
      return (await t.database.db.select({ fileType: mediaVideos.fileType }).from(mediaVideos).where(eq(mediaVideos.id, made.id)))[0]?.fileType;
    };
    expect(await typeOf(file.fileUrl)).toBe("video/webm");
    expect(await typeOf("https://cdn.example.com/a.ogv?sig=1")).toBe("video/ogg");
    expect(await typeOf("https://cdn.example.com/a.MP4")).toBe("video/mp4");
    expect(await typeOf("https://cdn.example.com/a.mov")).toBe("video/mp4");
    expect(await typeOf("https://")).toBe("video/mp4");
  });

  it("refuses a file video without duration, release date or address, with field messages", async () => {
    const missing = await post({ ...file, duration: undefined, releaseDate: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ duration: "Duration is required", releaseDate: "Release date is required" });
    const noAddress = await post({ ...file, fileUrl: "" });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error.fields).toEqual({ fileUrl: "Video URL is required" });
    const blank = await post({ source: "file" });
    expect(blank.json().error.fields).toMatchObject({ title: "Title is required", description: "Description is required", category: "Category is required" });
  });

  it("edits and deletes; a stored file survives an edit without an address and goes when replaced or deleted", async () => {
    const admin = who.admin.cookie;
    const bytes = Buffer.from("stored lesson");
    const id = await insertVideo({ fileName: "Stored lesson", accessLevel: "brand-ceo" }, bytes);
    const [{ fileKey } = { fileKey: null }] = await t.database.db.select({ fileKey: mediaVideos.fileKey }).from(mediaVideos).where(eq(mediaVideos.id, id));

    const renamed = await sendJson(t.app, "PUT", `/api/admin/videos/${id}`, { ...file, title: "Stored lesson, renamed", fileUrl: undefined }, admin);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: "Stored lesson, renamed", accessLevel: "inventor", duration: "12:30", fileUrl: null });
    expect((await get((renamed.json() as AdminVideo).playbackUrl!, admin)).rawPayload.equals(bytes)).toBe(true);

    const switched = await sendJson(t.app, "PUT", `/api/admin/videos/${id}`, { ...youtube, youtubeUrl: `https://youtu.be/${YOUTUBE_ID}` }, admin);
    expect(switched.json()).toMatchObject({ isYoutube: true, youtubeId: YOUTUBE_ID, duration: null, releaseDate: "2025-02-03" });
    expect(await t.files.stat(fileKey!)).toBeNull();
    // Back to a file needs an address again: there is no file left to keep.
    expect((await sendJson(t.app, "PUT", `/api/admin/videos/${id}`, { ...file, fileUrl: undefined }, admin)).statusCode).toBe(400);

    const kept = await insertVideo({ fileName: "Deleted lesson" }, Buffer.from("bye"));
    const [{ fileKey: keptKey } = { fileKey: null }] = await t.database.db.select({ fileKey: mediaVideos.fileKey }).from(mediaVideos).where(eq(mediaVideos.id, kept));
    expect((await sendJson(t.app, "DELETE", `/api/admin/videos/${kept}`, undefined, admin)).statusCode).toBe(204);
    expect(await t.files.stat(keptKey!)).toBeNull();
    expect((await get(`/api/videos/${kept}`)).statusCode).toBe(404);
    expect((await sendJson(t.app, "DELETE", `/api/admin/videos/${kept}`, undefined, admin)).statusCode).toBe(404);
    expect((await sendJson(t.app, "PUT", `/api/admin/videos/${kept}`, file, admin)).statusCode).toBe(404);
  });

  it("lists every level with the stored address for the admin", async () => {
    const body: AdminVideosResponse = (await get("/api/admin/videos", who.admin.cookie)).json();
    const levels = new Set(body.videos.map((video) => video.accessLevel));
    expect([...levels].sort()).toEqual([...LEVELS].sort());
    expect(body.videos.filter((video) => video.title === "Factory visit").map((video) => video.fileUrl)).toContain(file.fileUrl);
    expect(body.videos.every((video) => "fileUrl" in video && Date.parse(video.createdAt) > 0)).toBe(true);
  });

  it("answers 403 to members and 401 to visitors on every admin route", async () => {
    const { id } = matrix.get("all")!;
    for (const cookie of [who["brand-ceo"].cookie, who.free.cookie, undefined]) {
      const status = cookie ? 403 : 401;
      expect((await get("/api/admin/videos", cookie)).statusCode).toBe(status);
      expect((await sendJson(t.app, "POST", "/api/admin/videos", file, cookie)).statusCode).toBe(status);
      expect((await sendJson(t.app, "PUT", `/api/admin/videos/${id}`, file, cookie)).statusCode).toBe(status);
      expect((await sendJson(t.app, "DELETE", `/api/admin/videos/${id}`, undefined, cookie)).statusCode).toBe(status);
    }
    const still: TrainingVideo = (await get(`/api/videos/${id}`)).json();
    expect(still.title).toBe("Lesson all");
  });
});
