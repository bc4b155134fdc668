import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  FolderInputSchema,
  MEDIA_MESSAGES,
  MediaQuerySchema,
  MediaUpdateSchema,
  MediaUsagesQuerySchema,
  UploadQuerySchema,
  YoutubeInputSchema,
  type FoldersResponse,
  type MediaItem,
  type MediaPage,
  type MediaUsage,
  type MediaUsages,
} from "../../../common/contracts/media";
import { adminOf } from "../../auth/guards";
import type { Viewer } from "../../auth/viewer";
import { AppError } from "../../errors";
import { sendStoredFile } from "../../files/file-delivery";
import { idempotencyKeyOf, sendAnswer } from "../../plugins/idempotency";
import type { ContentDeps } from "../content/content-deps";
import { MULTIPART_FILE_LIMIT, storeUpload } from "./media-upload";
import { addYoutubeVideo, createFolder, deleteMedia, findMedia, findMediaUsage, findMediaUsages, findPublicImage, listFolders, listMedia, updateMedia } from "./media.service";

const MediaParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const PublicNameSchema = z.object({ name: z.string().regex(/^\d{13}-[0-9a-f]{16}\.(?:jpg|png|gif|webp)$/) });

/** Admins only, with the spec's 'You must be logged in to …' text for the action when anonymous. */
function adminFor(request: FastifyRequest, signInMessage: string): Viewer {
  return adminOf(request, signInMessage, MEDIA_MESSAGES.notAdmin);
}
const guard = (signInMessage: string) => async (request: FastifyRequest) => {
  adminFor(request, signInMessage);
};

/** A year: a public image's address names its bytes, which never change under that address. */
const PUBLIC_CACHE = "public, max-age=31536000, immutable";

/** The media library (spec 001 §2.6 tab 5, §7 media calls): uploads, folders, YouTube, and the files themselves. */
export async function mediaRoutes(app: FastifyInstance, deps: ContentDeps): Promise<void> {
  // Multipart is parsed only inside this plugin: every other route still takes JSON alone.
  await app.register(multipart, { limits: { fileSize: MULTIPART_FILE_LIMIT, files: 1, fields: 0, parts: 1, headerPairs: 50 } });

  app.get("/api/admin/media", { config: { api: { summary: "List the media library", query: MediaQuerySchema, access: "admin" } }, preHandler: guard(MEDIA_MESSAGES.viewSignIn) }, async (request, reply): Promise<MediaPage> => {
    reply.header("cache-control", "private, no-store");
    return listMedia(deps.db, MediaQuerySchema.parse(request.query));
  });

  app.post("/api/admin/media", { config: { api: { summary: "Upload a file (multipart)", query: UploadQuerySchema, access: "admin" } }, preHandler: guard(MEDIA_MESSAGES.uploadSignIn) }, async (request, reply): Promise<MediaItem> => {
    const admin = adminFor(request, MEDIA_MESSAGES.uploadSignIn);
    const idempotencyKey = idempotencyKeyOf(request, admin.userId);
    const options = UploadQuerySchema.parse(request.query);
    if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", MEDIA_MESSAGES.invalidType);
    const part = await request.file();
    if (!part) throw new AppError("BAD_REQUEST", "Choose a file to upload");
    try {
      return sendAnswer(reply, await storeUpload(deps, admin, part, { folder: options.folder, kinds: options.kind, isPublic: options.public, idempotencyKey }));
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The file store (disk or bucket) or the database failed; storeUpload has left nothing behind.
      request.log.error({ err: error }, "media upload failed");
      throw new AppError("SERVICE_UNAVAILABLE", MEDIA_MESSAGES.uploadFailed);
    }
  });

  app.post("/api/admin/media/youtube", { config: { api: { summary: "Add a YouTube video to the library", body: YoutubeInputSchema, access: "admin", success: { status: 201 } } }, preHandler: guard(MEDIA_MESSAGES.saveVideoSignIn) }, async (request, reply): Promise<MediaItem> => {
    const admin = adminFor(request, MEDIA_MESSAGES.saveVideoSignIn);
    const item = await addYoutubeVideo(deps.db, admin, YoutubeInputSchema.parse(request.body));
    reply.code(201);
    return item;
  });

  app.get("/api/admin/media/folders", { config: { api: { summary: "List media folders", access: "admin" } }, preHandler: guard(MEDIA_MESSAGES.viewSignIn) }, async (): Promise<FoldersResponse> => ({ folders: await listFolders(deps.db) }));

  app.post("/api/admin/media/folders", { config: { api: { summary: "Create a media folder", body: FolderInputSchema, access: "admin", success: { status: 201 } } }, preHandler: guard(MEDIA_MESSAGES.updateSignIn) }, async (request, reply): Promise<FoldersResponse> => {
    const admin = adminFor(request, MEDIA_MESSAGES.updateSignIn);
    const folders = await createFolder(deps.db, admin, FolderInputSchema.parse(request.body).name);
    reply.code(201);
    return { folders };
  });

  app.patch("/api/admin/media/:id", { config: { api: { summary: "Rename or move a media item", body: MediaUpdateSchema, params: MediaParamsSchema, access: "admin" } }, preHandler: guard(MEDIA_MESSAGES.updateSignIn) }, async (request): Promise<MediaItem> => {
    const admin = adminFor(request, MEDIA_MESSAGES.updateSignIn);
    const { id } = MediaParamsSchema.parse(request.params);
    return updateMedia(deps.db, admin, id, MediaUpdateSchema.parse(request.body));
  });

  app.get("/api/admin/media/usage", { config: { api: { summary: "Where media items are used", query: MediaUsagesQuerySchema, access: "admin" } }, preHandler: guard(MEDIA_MESSAGES.viewSignIn) }, async (request): Promise<MediaUsages> => {
    return findMediaUsages(deps.db, MediaUsagesQuerySchema.parse(request.query).ids);
  });

  app.get("/api/admin/media/:id/usage", { config: { api: { summary: "Where one media item is used", params: MediaParamsSchema, access: "admin" } }, preHandler: guard(MEDIA_MESSAGES.viewSignIn) }, async (request): Promise<MediaUsage> => {
    const { id } = MediaParamsSchema.parse(request.params);
    return findMediaUsage(deps.db, id);
  });

  app.delete("/api/admin/media/:id", { config: { api: { summary: "Delete a media item", params: MediaParamsSchema, access: "admin", success: { status: 204 } } }, preHandler: guard(MEDIA_MESSAGES.updateSignIn) }, async (request, reply) => {
    const admin = adminFor(request, MEDIA_MESSAGES.updateSignIn);
    const { id } = MediaParamsSchema.parse(request.params);
    const { orphanedFileKey, removalError } = await deleteMedia(deps, admin, id);
    // The item is gone for good; an object the store failed to remove is only unreachable storage.
    if (orphanedFileKey) request.log.warn({ err: removalError, fileKey: orphanedFileKey }, "media item deleted, its stored file could not be removed");
    return reply.code(204).send();
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/api/admin/media/:id/file",
    config: { api: { summary: "Download a media item's file", params: MediaParamsSchema, access: "admin", success: { status: 200, contentType: "application/octet-stream" } } },
    preHandler: guard(MEDIA_MESSAGES.filesSignIn),
    handler: async (request, reply) => {
      const { id } = MediaParamsSchema.parse(request.params);
      const row = await findMedia(deps.db, id);
      if (!row?.fileKey) throw new AppError("NOT_FOUND", MEDIA_MESSAGES.notFound);
      reply.header("cache-control", "private, max-age=300");
      const inline = row.kind !== "document" || row.fileType === "application/pdf";
      return sendStoredFile(request, reply, deps.files, { key: row.fileKey, fileType: row.fileType, fileName: row.name, disposition: inline ? "inline" : "attachment" });
    },
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/media/:name",
    handler: async (request, reply) => {
      const parsed = PublicNameSchema.safeParse(request.params);
      const row = parsed.success ? await findPublicImage(deps.db, parsed.data.name) : null;
      if (!row?.fileKey) throw new AppError("NOT_FOUND", "File not found");
      reply.header("cache-control", PUBLIC_CACHE);
      return sendStoredFile(request, reply, deps.files, { key: row.fileKey, fileType: row.fileType, fileName: row.name, disposition: "inline" });
    },
  });
}
