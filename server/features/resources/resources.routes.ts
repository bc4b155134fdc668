import type { FastifyInstance } from "fastify";
import { queueBroadcast } from "../../jobs/broadcast-request";
import { accessOf } from "../notifications/notification-access";
import { excerptOf, forgetSubject, moveSubjectAccess } from "../notifications/notify";
import { z } from "zod";
import {
  ResourceInputSchema,
  ResourcesQuerySchema,
  type AdminResource,
  type AdminResourcesResponse,
  type Resource,
  type ResourcesResponse,
} from "../../../common/contracts/resources";
import { memberOf, requireAdmin } from "../../auth/guards";
import { deliverFile } from "../../files/file-delivery";
import { AppError } from "../../errors";
import { sendJson, viewerKey } from "../../cache/answer-cache";
import type { ContentDeps } from "../content/content-deps";
import {
  createResource,
  deleteResource,
  findResource,
  listAdminResources,
  listResources,
  opensResource,
  readResource,
  updateResource,
} from "./resources.service";

const ResourceParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const resourceSubject = (id: number) => `resource:${id}`;

/** The resource library (spec 000 §2, §6) and its admin screen (spec 001). */
export async function resourcesRoutes(app: FastifyInstance, deps: ContentDeps): Promise<void> {
  app.get("/api/resources", { config: { api: { summary: "The resource library", query: ResourcesQuerySchema } } }, async (request, reply) => {
    const query = ResourcesQuerySchema.parse(request.query);
    // The links inside are signed for this viewer, so the cached answer is this viewer's.
    reply.header("cache-control", "private, no-store");
    const key = `list|${viewerKey(request.viewer)}|${query.category}|${query.page}|${query.pageSize}`;
    const build = (): Promise<ResourcesResponse> => listResources(deps, request.viewer, query);
    return sendJson(request, reply, await deps.answers.json("resources", key, build));
  });

  app.get("/api/resources/:id", { config: { api: { summary: "Read a resource", params: ResourceParamsSchema } } }, async (request, reply): Promise<Resource> => {
    const { id } = ResourceParamsSchema.parse(request.params);
    reply.header("cache-control", "private, no-store");
    return readResource(deps, request.viewer, id);
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/api/resources/:id/file",
    config: { api: { summary: "Download a resource's file", params: ResourceParamsSchema, success: { status: 200, contentType: "application/octet-stream" } } },
    handler: async (request, reply) => {
      const { id } = ResourceParamsSchema.parse(request.params);
      const row = await findResource(deps, id);
      if (!row) throw new AppError("NOT_FOUND", "Resource not found");
      return deliverFile(request, reply, deps, {
        kind: "resource",
        id,
        allowed: opensResource(request.viewer, row),
        fileKey: row.fileKey,
        externalUrl: row.fileUrl,
        fileType: row.fileType,
        fileName: row.fileName ?? row.title,
        disposition: "attachment",
      });
    },
  });

  app.get("/api/admin/resources", { config: { api: { summary: "List resources (admin)", query: ResourcesQuerySchema } }, preHandler: requireAdmin }, async (request, reply): Promise<AdminResourcesResponse> => {
    reply.header("cache-control", "private, no-store");
    return listAdminResources(deps, memberOf(request), ResourcesQuerySchema.parse(request.query));
  });

  app.post("/api/admin/resources", { config: { api: { summary: "Create a resource", body: ResourceInputSchema, success: { status: 201 } } }, preHandler: requireAdmin }, async (request, reply): Promise<AdminResource> => {
    const input = ResourceInputSchema.parse(request.body);
    reply.code(201);
    const created = await createResource(deps, memberOf(request).userId, input);
    await queueBroadcast(deps.jobs, { event: "new-resource", access: accessOf.resource(created.tier), subject: resourceSubject(created.id), excerpt: excerptOf(created.title), link: "/members/resources" }, request.log);
    return created;
  });

  app.put("/api/admin/resources/:id", { config: { api: { summary: "Save a resource", body: ResourceInputSchema, params: ResourceParamsSchema } }, preHandler: requireAdmin }, async (request): Promise<AdminResource> => {
    const { id } = ResourceParamsSchema.parse(request.params);
    const input = ResourceInputSchema.parse(request.body);
    const updated = await updateResource(deps, memberOf(request).userId, id, input);
    // Notifications about it follow its tier, so nobody is shown a title above their plan.
    await moveSubjectAccess(deps.db, resourceSubject(id), accessOf.resource(updated.tier));
    return updated;
  });

  app.delete("/api/admin/resources/:id", { config: { api: { summary: "Delete a resource", params: ResourceParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { id } = ResourceParamsSchema.parse(request.params);
    await deleteResource(deps, id);
    await forgetSubject(deps.db, resourceSubject(id));
    return reply.code(204).send();
  });
}
