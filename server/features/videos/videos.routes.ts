import type { FastifyInstance } from "fastify";
import { queueBroadcast } from "../../jobs/broadcast-request";
import { accessOf } from "../notifications/notification-access";
import { excerptOf, forgetSubject, moveSubjectAccess } from "../notifications/notify";
import { z } from "zod";
import { VideoInputSchema, type AdminVideo, type AdminVideosResponse, type TrainingVideo, type VideosResponse } from "../../../common/contracts/videos";
import { memberOf, requireAdmin } from "../../auth/guards";
import { AppError } from "../../errors";
import { deliverFile } from "../../files/file-delivery";
import { sendJson, viewerKey } from "../../cache/answer-cache";
import type { ContentDeps } from "../content/content-deps";
import { createVideo, deleteVideo, findVideo, listAdminVideos, listVideos, readVideo, seesVideo, updateVideo } from "./videos.service";

const VideoParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const videoSubject = (id: number) => `video:${id}`;

/** Training videos (spec 000 §2, §6) and their admin screen (spec 001). */
export async function videosRoutes(app: FastifyInstance, deps: ContentDeps): Promise<void> {
  app.get("/api/videos", { config: { api: { summary: "The training videos" } } }, async (request, reply) => {
    // The stream links inside are signed for this viewer, so the cached answer is this viewer's.
    reply.header("cache-control", "private, no-store");
    const build = (): Promise<VideosResponse> => listVideos(deps, request.viewer);
    return sendJson(request, reply, await deps.answers.json("videos", `list|${viewerKey(request.viewer)}`, build));
  });

  app.get("/api/videos/:id", { config: { api: { summary: "Read a video", params: VideoParamsSchema } } }, async (request, reply): Promise<TrainingVideo> => {
    const { id } = VideoParamsSchema.parse(request.params);
    reply.header("cache-control", "private, no-store");
    return readVideo(deps, request.viewer, id);
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/api/videos/:id/stream",
    config: { api: { summary: "Stream a video's file", params: VideoParamsSchema, description: "Range requests are answered with 206.", success: { status: 200, contentType: "application/octet-stream" } } },
    handler: async (request, reply) => {
      const { id } = VideoParamsSchema.parse(request.params);
      const row = await findVideo(deps, id);
      if (!row) throw new AppError("NOT_FOUND", "Video not found");
      // A YouTube video plays from YouTube's embed; there is nothing of ours to stream.
      const isFile = !row.isYoutube;
      return deliverFile(request, reply, deps, {
        kind: "video",
        id,
        allowed: seesVideo(request.viewer, row),
        fileKey: isFile ? row.fileKey : null,
        externalUrl: isFile ? row.url : null,
        fileType: row.fileType,
        fileName: row.fileName,
        disposition: "inline",
      });
    },
  });

  app.get("/api/admin/videos", { config: { api: { summary: "List videos (admin)" } }, preHandler: requireAdmin }, async (request, reply): Promise<AdminVideosResponse> => {
    reply.header("cache-control", "private, no-store");
    return { videos: await listAdminVideos(deps, memberOf(request)) };
  });

  app.post("/api/admin/videos", { config: { api: { summary: "Create a video", body: VideoInputSchema, success: { status: 201 } } }, preHandler: requireAdmin }, async (request, reply): Promise<AdminVideo> => {
    const input = VideoInputSchema.parse(request.body);
    reply.code(201);
    const created = await createVideo(deps, memberOf(request), input);
    await queueBroadcast(deps.jobs, { event: "new-video", access: accessOf.video(created.accessLevel), subject: videoSubject(created.id), excerpt: excerptOf(created.title), link: "/members/training" }, request.log);
    return created;
  });

  app.put("/api/admin/videos/:id", { config: { api: { summary: "Save a video", body: VideoInputSchema, params: VideoParamsSchema } }, preHandler: requireAdmin }, async (request): Promise<AdminVideo> => {
    const { id } = VideoParamsSchema.parse(request.params);
    const input = VideoInputSchema.parse(request.body);
    const updated = await updateVideo(deps, memberOf(request), id, input);
    await moveSubjectAccess(deps.db, videoSubject(id), accessOf.video(updated.accessLevel));
    return updated;
  });

  app.delete("/api/admin/videos/:id", { config: { api: { summary: "Delete a video", params: VideoParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { id } = VideoParamsSchema.parse(request.params);
    await deleteVideo(deps, id);
    await forgetSubject(deps.db, videoSubject(id));
    return reply.code(204).send();
  });
}
