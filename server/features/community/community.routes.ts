import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  AdminPostEditSchema,
  AdminPostInputSchema,
  FeedQuerySchema,
  PostEditSchema,
  PostInputSchema,
  ReplyInputSchema,
  type FeedResponse,
  type LikeResponse,
  type Reply,
} from "../../../common/contracts/community";
import { memberOf, requireAdmin, requireMember } from "../../auth/guards";
import { isContentAdmin } from "../content/access.policy";
import { sendJson, viewerKey } from "../../cache/answer-cache";
import type { ContentDeps } from "../content/content-deps";
import { visiblePost } from "./community-access";
import { readAllReplies, readFeed } from "./community-reads";
import { toggleReplyLike, togglePostLike } from "./likes";
import { createAdminPost, createMemberPost, deletePost, editPost } from "./post-writes";
import { countCommunityWrite } from "./posting-limit";
import { createReply, deleteReply, editReply } from "./reply-writes";

/** Ids are PostgreSQL integers: anything else is a 400, never a database error. */
const IdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The members' community board (docs/content-api.md, "Community"). */
export async function communityRoutes(app: FastifyInstance, { db, answers }: ContentDeps): Promise<void> {
  app.get("/api/community/posts", { preHandler: requireMember }, async (request, reply) => {
    const viewer = memberOf(request);
    const query = FeedQuerySchema.parse(request.query);
    // Likes and edit rights are the viewer's own, so the cached answer is this viewer's.
    const key = `feed|${viewerKey(viewer)}|${query.category}|${query.limit}|${query.cursor ?? ""}`;
    const build = (): Promise<FeedResponse> => readFeed(db, viewer, query);
    return sendJson(reply, await answers.json("community", key, build));
  });

  app.post("/api/community/posts", { preHandler: requireMember }, async (request, reply) => {
    const viewer = memberOf(request);
    const input = PostInputSchema.parse(request.body);
    await countCommunityWrite(db, viewer.userId, reply);
    return reply.code(201).send(await createMemberPost(db, viewer, input));
  });

  app.post("/api/admin/community/posts", { preHandler: requireAdmin }, async (request, reply) => {
    const post = await createAdminPost(db, memberOf(request), AdminPostInputSchema.parse(request.body));
    return reply.code(201).send(post);
  });

  app.patch("/api/community/posts/:id", { preHandler: requireMember }, async (request) => {
    const viewer = memberOf(request);
    const { id } = IdParamsSchema.parse(request.params);
    const change = isContentAdmin(viewer) ? AdminPostEditSchema.parse(request.body) : PostEditSchema.parse(request.body);
    return editPost(db, viewer, id, change);
  });

  app.delete("/api/community/posts/:id", { preHandler: requireMember }, async (request, reply) => {
    await deletePost(db, memberOf(request), IdParamsSchema.parse(request.params).id);
    return reply.code(204).send();
  });

  app.post("/api/community/posts/:id/like", { preHandler: requireMember }, async (request): Promise<LikeResponse> => {
    return togglePostLike(db, memberOf(request), IdParamsSchema.parse(request.params).id);
  });

  app.get("/api/community/posts/:id/replies", { preHandler: requireMember }, async (request): Promise<{ replies: Reply[] }> => {
    const viewer = memberOf(request);
    const { id } = IdParamsSchema.parse(request.params);
    await visiblePost(db, viewer, id);
    return { replies: await readAllReplies(db, viewer, id) };
  });

  app.post("/api/community/posts/:id/replies", { preHandler: requireMember }, async (request, reply) => {
    const viewer = memberOf(request);
    const { id } = IdParamsSchema.parse(request.params);
    const input = ReplyInputSchema.parse(request.body);
    await countCommunityWrite(db, viewer.userId, reply);
    return reply.code(201).send(await createReply(db, viewer, id, input));
  });

  app.patch("/api/community/replies/:id", { preHandler: requireMember }, async (request) => {
    const viewer = memberOf(request);
    const { id } = IdParamsSchema.parse(request.params);
    return editReply(db, viewer, id, ReplyInputSchema.parse(request.body));
  });

  app.delete("/api/community/replies/:id", { preHandler: requireMember }, async (request, reply) => {
    await deleteReply(db, memberOf(request), IdParamsSchema.parse(request.params).id);
    return reply.code(204).send();
  });

  app.post("/api/community/replies/:id/like", { preHandler: requireMember }, async (request): Promise<LikeResponse> => {
    return toggleReplyLike(db, memberOf(request), IdParamsSchema.parse(request.params).id);
  });
}
