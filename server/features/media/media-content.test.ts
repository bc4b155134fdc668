import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaItem } from "../../../common/contracts/media";
import type { AdminResource, AdminResourcesResponse, Resource } from "../../../common/contracts/resources";
import type { AdminCourse, Lesson } from "../../../common/contracts/courses";
import type { AdminVideo, TrainingVideo } from "../../../common/contracts/videos";
import { COURSES } from "../../../common/marketing/courses";
import { buildTestApp, memberCookie, sendJson, TEST_ORIGIN, type TestApp } from "../../test/build-test-app";
import { SAMPLE_FILES } from "./sample-files";

const BOUNDARY = "----media-content-boundary";

let t: TestApp;
let admin: string;
let inventor: string;
let free: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
  inventor = (await memberCookie(t, "inventor")).cookie;
  free = (await memberCookie(t, "free")).cookie;
});
afterAll(() => t.close());

async function uploadToLibrary(fileName: string, type: string, bytes: Buffer): Promise<MediaItem> {
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/media",
    payload,
    headers: { origin: TEST_ORIGIN, cookie: admin, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const resourceInput = (title: string, fileUrl: string) => ({ title, description: "Picked from the library", type: "PDF", category: "templates", tier: "inventor", fileUrl });
const adminResource = async (id: number): Promise<AdminResource | undefined> =>
  ((await t.app.inject({ method: "GET", url: "/api/admin/resources?category=templates", headers: { cookie: admin } })).json() as AdminResourcesResponse).resources.find(
    (resource) => resource.id === id,
  );

describe("content that links to the media library", () => {
  it("serves a picked PDF to the tiers the resource allows, keeps it when the resource goes, and shows 'file missing' once the library item is deleted", async () => {
    const pdf = await uploadToLibrary("Launch checklist.pdf", "application/pdf", SAMPLE_FILES.pdf.bytes);
    // Another library file stays: 'file missing' must be about this resource's file, not an empty library.
    await uploadToLibrary("Unrelated photo.png", "image/png", SAMPLE_FILES.png.bytes);
    const created = await sendJson(t.app, "POST", "/api/admin/resources", resourceInput("Launch checklist", `${TEST_ORIGIN}${pdf.url}`), admin);
    expect(created.statusCode).toBe(201);
    const resource: AdminResource = created.json();
    expect(resource).toMatchObject({ fileUrl: null, fileName: "Launch checklist.pdf", fileMissing: false });

    const forInventor: Resource = (await t.app.inject({ method: "GET", url: `/api/resources/${resource.id}`, headers: { cookie: inventor } })).json();
    const download = await t.app.inject({ method: "GET", url: forInventor.downloadUrl ?? "", headers: { cookie: inventor } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf.bytes)).toBe(true);
    expect(download.headers["content-disposition"]).toContain("attachment");
    expect((await t.app.inject({ method: "GET", url: `/api/resources/${resource.id}`, headers: { cookie: free } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: forInventor.downloadUrl ?? "", headers: { cookie: free } })).statusCode).toBe(403);

    const usage = await t.app.inject({ method: "GET", url: `/api/admin/media/${pdf.id}/usage`, headers: { cookie: admin } });
    expect(usage.json()).toEqual({ usages: [{ kind: "resource", id: resource.id, title: "Launch checklist" }] });

    const second = await sendJson(t.app, "POST", "/api/admin/resources", resourceInput("Launch checklist copy", `${TEST_ORIGIN}${pdf.url}`), admin);
    expect((await sendJson(t.app, "DELETE", `/api/admin/resources/${second.json().id}`, undefined, admin)).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: pdf.url, headers: { cookie: admin } })).statusCode).toBe(200);

    expect((await sendJson(t.app, "DELETE", `/api/admin/media/${pdf.id}`, undefined, admin)).statusCode).toBe(204);
    expect(await adminResource(resource.id)).toMatchObject({ fileMissing: true, fileName: "Launch checklist.pdf" });
    const missing = await t.app.inject({ method: "GET", url: forInventor.downloadUrl ?? "", headers: { cookie: inventor } });
    expect(missing.statusCode).toBe(404);
  });

  it("keeps an address that is not a library item as an external link, as before", async () => {
    const created = await sendJson(t.app, "POST", "/api/admin/resources", resourceInput("Outside guide", "https://example.com/guide.pdf"), admin);
    expect(created.json()).toMatchObject({ fileUrl: "https://example.com/guide.pdf", fileName: null, fileMissing: false });
    const notAnItem = await sendJson(t.app, "POST", "/api/admin/resources", resourceInput("Unknown item", `${TEST_ORIGIN}/api/admin/media/99999999999/file`), admin);
    expect(notAnItem.json()).toMatchObject({ fileUrl: `${TEST_ORIGIN}/api/admin/media/99999999999/file`, fileMissing: false });
  });

  it("plays a picked library video in a file video, keeps it when the video goes, and shows 'file missing' once it is deleted", async () => {
    const video = await uploadToLibrary("Pitch.webm", "video/webm", SAMPLE_FILES.webm.bytes);
    const videoInput = { source: "file", title: "Pitch lesson", description: "From the library", category: "marketing", accessLevel: "inventor", featured: false, fileUrl: `${TEST_ORIGIN}${video.url}`, duration: "1:00", releaseDate: "2026-01-05" };
    const created = await sendJson(t.app, "POST", "/api/admin/videos", videoInput, admin);
    expect(created.statusCode).toBe(201);
    const adminVideo: AdminVideo = created.json();
    expect(adminVideo.fileUrl).toBeNull();
    const forInventor: TrainingVideo = (await t.app.inject({ method: "GET", url: `/api/videos/${adminVideo.id}`, headers: { cookie: inventor } })).json();
    const stream = await t.app.inject({ method: "GET", url: forInventor.playbackUrl ?? "", headers: { cookie: inventor } });
    expect(stream.statusCode).toBe(200);
    expect(stream.rawPayload.equals(SAMPLE_FILES.webm.bytes)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: `/api/admin/media/${video.id}/usage`, headers: { cookie: admin } })).json().usages).toEqual([
      { kind: "video", id: adminVideo.id, title: "Pitch lesson" },
    ]);
    expect(adminVideo.fileMissing).toBe(false);
    const copy = await sendJson(t.app, "POST", "/api/admin/videos", { ...videoInput, title: "Pitch lesson copy" }, admin);
    expect((await sendJson(t.app, "DELETE", `/api/admin/videos/${copy.json().id}`, undefined, admin)).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: video.url, headers: { cookie: admin } })).statusCode).toBe(200);

    expect((await sendJson(t.app, "DELETE", `/api/admin/media/${video.id}`, undefined, admin)).statusCode).toBe(204);
    const listed: AdminVideo[] = (await t.app.inject({ method: "GET", url: "/api/admin/videos", headers: { cookie: admin } })).json().videos;
    expect(listed.find((item) => item.id === adminVideo.id)).toMatchObject({ fileMissing: true });
  });

  it("names the course lessons that play or offer an item (YouTube ones included) before it is deleted; the lessons stay without it", async () => {
    const course = COURSES.find((candidate) => candidate.accessLevel === "inventor") ?? COURSES[0];
    if (!course) throw new Error("no course");
    const moduleId = ((await t.app.inject({ method: "GET", url: `/api/admin/courses/${course.id}`, headers: { cookie: admin } })).json() as AdminCourse).modules[0]?.id ?? -1;
    const addLesson = async (input: Record<string, unknown>): Promise<number> => {
      const added = await sendJson(t.app, "POST", `/api/admin/course-modules/${moduleId}/lessons`, { minutes: 5, ...input }, admin);
      expect(added.statusCode, added.body).toBe(201);
      return (added.json() as AdminCourse).modules[0]?.lessons.at(-1)?.id ?? -1;
    };
    const worksheet = await uploadToLibrary("Lesson worksheet.pdf", "application/pdf", SAMPLE_FILES.pdf.bytes);
    const youtube: MediaItem = (await sendJson(t.app, "POST", "/api/admin/media/youtube", { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Lesson talk" }, admin)).json();
    const fileLesson = await addLesson({ title: "Fill in the worksheet", kind: "file", mediaItemId: worksheet.id });
    const videoLesson = await addLesson({ title: "Watch the talk", kind: "video", mediaItemId: youtube.id });
    const usage = async (item: MediaItem) => (await t.app.inject({ method: "GET", url: `/api/admin/media/${item.id}/usage`, headers: { cookie: admin } })).json();
    expect(await usage(worksheet)).toEqual({ usages: [{ kind: "lesson", id: fileLesson, title: "Fill in the worksheet", course: course.title }] });
    expect(await usage(youtube)).toEqual({ usages: [{ kind: "lesson", id: videoLesson, title: "Watch the talk", course: course.title }] });

    expect((await sendJson(t.app, "DELETE", `/api/admin/media/${worksheet.id}`, undefined, admin)).statusCode).toBe(204);
    const lesson: Lesson = (await t.app.inject({ method: "GET", url: `/api/university/lessons/${fileLesson}`, headers: { cookie: inventor } })).json();
    expect(lesson).toMatchObject({ title: "Fill in the worksheet", media: null });
  });
});
