import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrongKindMessage, type MediaItem, type MediaPage, type MediaUsages } from "../../../common/contracts/media";
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

function uploadRequest(fileName: string, type: string, bytes: Buffer, query = "") {
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/admin/media${query}`,
    payload,
    headers: { origin: TEST_ORIGIN, cookie: admin, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

async function uploadToLibrary(fileName: string, type: string, bytes: Buffer): Promise<MediaItem> {
  const response = await uploadRequest(fileName, type, bytes);
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

  it("takes in each file field only its kinds, by the kind the upload detected: a PNG is no video, a video no resource, a PDF no thumbnail", async () => {
    const png = await uploadToLibrary("Cover.png", "image/png", SAMPLE_FILES.png.bytes);
    const pdf = await uploadToLibrary("Cover sheet.pdf", "application/pdf", SAMPLE_FILES.pdf.bytes);
    const clip = await uploadToLibrary("Clip.webm", "video/webm", SAMPLE_FILES.webm.bytes);
    // Renamed to look like a video, the image is still an image.
    expect((await sendJson(t.app, "PATCH", `/api/admin/media/${png.id}`, { name: "Launch talk.mp4" }, admin)).statusCode).toBe(200);
    const videoMessage = wrongKindMessage(["video"]);
    expect(videoMessage).toBe("Please choose a video (mp4, webm, ogg, ogv)");
    const videoInput = { source: "file", title: "Launch talk", description: "A talk", category: "marketing", accessLevel: "all", featured: false, duration: "1:00", releaseDate: "2026-01-05" };

    const pngAsVideo = await sendJson(t.app, "POST", "/api/admin/videos", { ...videoInput, fileUrl: `${TEST_ORIGIN}${png.url}` }, admin);
    expect(pngAsVideo.statusCode).toBe(400);
    expect(pngAsVideo.json().error).toMatchObject({ code: "VALIDATION_FAILED", message: videoMessage, fields: { fileUrl: videoMessage } });
    const video: AdminVideo = (await sendJson(t.app, "POST", "/api/admin/videos", { ...videoInput, fileUrl: `${TEST_ORIGIN}${clip.url}` }, admin)).json();
    const swapped = await sendJson(t.app, "PUT", `/api/admin/videos/${video.id}`, { ...videoInput, fileUrl: `${TEST_ORIGIN}${pdf.url}` }, admin);
    expect(swapped.json().error.fields).toEqual({ fileUrl: videoMessage });
    const badThumbnail = await sendJson(t.app, "PUT", `/api/admin/videos/${video.id}`, { ...videoInput, thumbnailUrl: `${TEST_ORIGIN}${pdf.url}` }, admin);
    expect(badThumbnail.json().error.fields).toEqual({ thumbnailUrl: wrongKindMessage(["image"]) });
    expect((await sendJson(t.app, "PUT", `/api/admin/videos/${video.id}`, { ...videoInput, thumbnailUrl: `${TEST_ORIGIN}${png.url}` }, admin)).statusCode).toBe(200);
    const stream = await t.app.inject({ method: "GET", url: ((await t.app.inject({ method: "GET", url: `/api/videos/${video.id}`, headers: { cookie: inventor } })).json() as TrainingVideo).playbackUrl ?? "", headers: { cookie: inventor } });
    expect(stream.headers["content-type"]).toBe("video/webm");

    const resourceMessage = wrongKindMessage(["document", "image"]);
    const videoAsResource = await sendJson(t.app, "POST", "/api/admin/resources", resourceInput("Talk as a resource", `${TEST_ORIGIN}${clip.url}`), admin);
    expect(videoAsResource.json().error).toMatchObject({ message: resourceMessage, fields: { fileUrl: resourceMessage } });
    for (const item of [pdf, png]) expect((await sendJson(t.app, "POST", "/api/admin/resources", resourceInput(`Resource ${item.name}`, `${TEST_ORIGIN}${item.url}`), admin)).statusCode).toBe(201);

    // Upload New of a field: a file of another kind is refused before anything is kept.
    const before = (await t.app.inject({ method: "GET", url: "/api/admin/media?pageSize=1", headers: { cookie: admin } })).json() as MediaPage;
    const refused = await uploadRequest("Poster.png", "image/png", SAMPLE_FILES.png.bytes, "?kind=video");
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.message).toBe(videoMessage);
    expect(((await t.app.inject({ method: "GET", url: "/api/admin/media?pageSize=1", headers: { cookie: admin } })).json() as MediaPage).total).toBe(before.total);
    expect((await uploadRequest("Sheet.pdf", "application/pdf", SAMPLE_FILES.pdf.bytes, "?kind=document,image")).statusCode).toBe(201);

    // The picker's list: only the field's kinds, and only stored files when the field links a file.
    await sendJson(t.app, "POST", "/api/admin/media/youtube", { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Picker talk" }, admin);
    const listed = async (query: string) => ((await t.app.inject({ method: "GET", url: `/api/admin/media?pageSize=100&${query}`, headers: { cookie: admin } })).json() as MediaPage).items;
    const forVideo = await listed("kind=video&stored=true");
    expect(forVideo.map((item) => item.id)).toContain(clip.id);
    expect(forVideo.every((item) => item.kind === "video" && !item.isYoutube)).toBe(true);
    const forResource = await listed("kind=document,image&stored=true");
    expect(forResource.map((item) => item.id)).toEqual(expect.arrayContaining([png.id, pdf.id]));
    expect(forResource.some((item) => item.kind === "video")).toBe(false);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/media?kind=audio", headers: { cookie: admin } })).statusCode).toBe(400);
  });

  it("names, for a bulk delete, which of the selected items content uses and where", async () => {
    const used = await uploadToLibrary("Bulk used.pdf", "application/pdf", SAMPLE_FILES.pdf.bytes);
    const unused = await uploadToLibrary("Bulk unused.pdf", "application/pdf", SAMPLE_FILES.pdf.bytes);
    const resource: AdminResource = (await sendJson(t.app, "POST", "/api/admin/resources", resourceInput("Bulk guide", `${TEST_ORIGIN}${used.url}`), admin)).json();
    const asked = await t.app.inject({ method: "GET", url: `/api/admin/media/usage?ids=${used.id},${unused.id},2000000000`, headers: { cookie: admin } });
    expect(asked.statusCode).toBe(200);
    expect((asked.json() as MediaUsages).items.sort((a, b) => a.id - b.id)).toEqual([
      { id: used.id, usages: [{ kind: "resource", id: resource.id, title: "Bulk guide" }] },
      { id: unused.id, usages: [] },
    ]);
    for (const ids of ["", "x", "0", Array.from({ length: 101 }, (_, index) => index + 1).join(",")]) {
      expect((await t.app.inject({ method: "GET", url: `/api/admin/media/usage?ids=${ids}`, headers: { cookie: admin } })).statusCode, ids.slice(0, 10)).toBe(400);
    }
    expect((await t.app.inject({ method: "GET", url: `/api/admin/media/usage?ids=${used.id}`, headers: { cookie: free } })).statusCode).toBe(403);
  });
});
