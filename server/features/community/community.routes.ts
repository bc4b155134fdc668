import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { IdParamsSchema } from "./id-params";
import {
  AdminPostEditSchema,
  AdminPostInputSchema,
  FeedQuerySchema,
  PostEditSchema,
  PostInputSchema,
  ReplyInputSchema,
  type FeedResponse,
  type LikeResponse,
  type Post,
  type Reply,
} from "../../../common/contracts/community";
import { memberOf, requireAdmin, requireMember } from "../../auth/guards";
import { isContentAdmin } from "../content/access.policy";
import { sendJson, viewerKey } from "../../cache/answer-cache";
import type { ContentDeps } from "../content/content-deps";
import type { JobQueue } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import type { Mailer } from "../../mail/mailer";
import { answerOnce, fingerprintOf, idempotencyKeyOf, sendAnswer } from "../../plugins/idempotency";
import { POST_NOT_FOUND, visiblePost } from "./community-access";
import { readAllReplies, readFeed, readPost } from "./community-reads";
import { AppError } from "../../errors";
import { toggleReplyLike, togglePostLike } from "./likes";
import { createAdminPost, createMemberPost, deletePost, editPost } from "./post-writes";
import { emitPostCreated } from "../webhooks/webhook-sources";
import { countCommunityWrite } from "./posting-limit";
import { createReply, deleteReply, editReply } from "./reply-writes";
import type { MentionJob } from "./mentions.job";
import { mentionCandidates } from "./mentions";
import { moderationRoutes } from "./moderation.routes";
import { assertNotSuspended } from "./suspensions";

export interface CommunityDeps extends ContentDeps {
  jobs: JobQueue;
  mailer: Mailer;
  /** Signs the mention emails' unsubscribe links. */
  secret: string;
  /** The site's public address, for links in mails. */
  baseUrl: string;
  /** COMMUNITY_FLAG_TRUST_DAYS: how old an account must be before its flags count towards hiding. */
  flagTrustDays: number;
}


/** The members' community board (docs/content-api.md, "Community"), with its moderation. */
export async function communityRoutes(app: FastifyInstance, deps: CommunityDeps): Promise<void> {
  const { db, answers, jobs, baseUrl } = deps;
  await moderationRoutes(app, deps);

  /** Mentions are mailed by a job: a post may name many members, and the answer should not wait for mail. */
  async function queueMentions(job: MentionJob, content: string, log: FastifyBaseLogger): Promise<void> {
    if (mentionCandidates(content).length === 0) return;
    // The post is saved either way; a queue failure only costs the mention emails, so it is logged, not answered.
    await jobs.send(QUEUES.communityMentions, job).catch((error: unknown) => log.error({ err: error, job }, "could not queue mention emails"));
  }

  app.get("/api/community/posts", { config: { api: { summary: "The community feed, newest first", query: FeedQuerySchema } }, preHandler: requireMember }, async (request, reply) => {
    const viewer = memberOf(request);
    const query = FeedQuerySchema.parse(request.query);
    // Likes and edit rights are the viewer's own, so the cached answer is this viewer's.
    const key = `feed|${viewerKey(viewer)}|${query.category}|${query.limit}|${query.cursor ?? ""}`;
    const build = (): Promise<FeedResponse> => readFeed(db, viewer, query);
    return sendJson(request, reply, await answers.json("community", key, build));
  });

  // Posts and replies take an Idempotency-Key: a retry of one whose answer was lost gets that answer, not a second post.
  app.post("/api/community/posts", { config: { api: { summary: "Create a community post", body: PostInputSchema, success: { status: 201 } } }, preHandler: requireMember }, async (request, reply) => {
    const viewer = memberOf(request);
    const key = idempotencyKeyOf(request, viewer.userId);
    const input = PostInputSchema.parse(request.body);
    const answer = await answerOnce(db, key, fingerprintOf(input), 201, async (txDb) => {
      await assertNotSuspended(txDb, viewer);
      await countCommunityWrite(txDb, viewer, reply);
      const post = await createMemberPost(txDb, viewer, input);
      await emitPostCreated(txDb, post.id, baseUrl);
      return post;
    });
    const post = answer.body;
    if (!answer.replayed) await queueMentions({ kind: "post", id: post.id, picked: input.mentions }, post.content, request.log);
    return sendAnswer(reply, answer);
  });

  app.post("/api/admin/community/posts", { config: { api: { summary: "Create a post as admin (any tier, pinned)", body: AdminPostInputSchema, success: { status: 201 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const viewer = memberOf(request);
    const key = idempotencyKeyOf(request, viewer.userId);
    const input = AdminPostInputSchema.parse(request.body);
    const answer = await answerOnce(db, key, fingerprintOf(input), 201, async (txDb) => {
      const post = await createAdminPost(txDb, viewer, input);
      await emitPostCreated(txDb, post.id, baseUrl);
      return post;
    });
    const post = answer.body;
    if (!answer.replayed) await queueMentions({ kind: "post", id: post.id, picked: input.mentions }, post.content, request.log);
    return sendAnswer(reply, answer);
  });

  app.patch("/api/community/posts/:id", { config: { api: { summary: "Edit a post", body: [AdminPostEditSchema, PostEditSchema], params: IdParamsSchema } }, preHandler: requireMember }, async (request) => {
    const viewer = memberOf(request);
    const { id } = IdParamsSchema.parse(request.params);
    const { mentions, ...change } = isContentAdmin(viewer) ? AdminPostEditSchema.parse(request.body) : PostEditSchema.parse(request.body);
    const post = await editPost(db, viewer, id, change);
    await queueMentions({ kind: "post", id, picked: mentions }, post.content, request.log);
    return post;
  });

  app.delete("/api/community/posts/:id", { config: { api: { summary: "Delete a post", params: IdParamsSchema, success: { status: 204 } } }, preHandler: requireMember }, async (request, reply) => {
    await deletePost(db, memberOf(request), IdParamsSchema.parse(request.params).id);
    return reply.code(204).send();
  });

  app.post("/api/community/posts/:id/like", { config: { api: { summary: "Like or unlike a post", params: IdParamsSchema } }, preHandler: requireMember }, async (request): Promise<LikeResponse> => {
    const viewer = memberOf(request);
    const { id } = IdParamsSchema.parse(request.params);
    await assertNotSuspended(db, viewer);
    return togglePostLike(db, viewer, id);
  });

  /** One post, where a notification leads: the feed may hold it many pages down. */
  app.get("/api/community/posts/:id", { config: { api: { summary: "Read a post", params: IdParamsSchema } }, preHandler: requireMember }, async (request): Promise<Post> => {
    const viewer = memberOf(request);
    const { id } = IdParamsSchema.parse(request.params);
    await visiblePost(db, viewer, id, false, "author");
    const post = await readPost(db, viewer, id);
    if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
    return post;
  });

  app.get("/api/community/posts/:id/replies", { config: { api: { summary: "A post's replies", params: IdParamsSchema } }, preHandler: requireMember }, async (request): Promise<{ replies: Reply[] }> => {
    const viewer = memberOf(request);
    const { id } = IdParamsSchema.parse(request.params);
    await visiblePost(db, viewer, id, false, "author");
    return { replies: await readAllReplies(db, viewer, id) };
  });

  app.post("/api/community/posts/:id/replies", { config: { api: { summary: "Reply to a post", body: ReplyInputSchema, params: IdParamsSchema, success: { status: 201 } } }, preHandler: requireMember }, async (request, reply) => {
    const viewer = memberOf(request);
    const key = idempotencyKeyOf(request, viewer.userId);
    const { id } = IdParamsSchema.parse(request.params);
    const input = ReplyInputSchema.parse(request.body);
    const answer = await answerOnce(db, key, fingerprintOf({ postId: id, input }), 201, async (txDb) => {
      await assertNotSuspended(txDb, viewer);
      return createReply(txDb, viewer, id, input, (tx) => countCommunityWrite(tx, viewer, reply));
    });
    const created = answer.body;
    if (!answer.replayed) await queueMentions({ kind: "reply", id: created.id, picked: input.mentions }, created.content, request.log);
    return sendAnswer(reply, answer);
  });

  app.patch("/api/community/replies/:id", { config: { api: { summary: "Edit a reply", body: ReplyInputSchema, params: IdParamsSchema } }, preHandler: requireMember }, async (request) => {
    const viewer = memberOf(request);
    const { id } = IdParamsSchema.parse(request.params);
    const input = ReplyInputSchema.parse(request.body);
    const edited = await editReply(db, viewer, id, input);
    await queueMentions({ kind: "reply", id, picked: input.mentions }, edited.content, request.log);
    return edited;
  });

  app.delete("/api/community/replies/:id", { config: { api: { summary: "Delete a reply", params: IdParamsSchema, success: { status: 204 } } }, preHandler: requireMember }, async (request, reply) => {
    await deleteReply(db, memberOf(request), IdParamsSchema.parse(request.params).id);
    return reply.code(204).send();
  });

  app.post("/api/community/replies/:id/like", { config: { api: { summary: "Like or unlike a reply", params: IdParamsSchema } }, preHandler: requireMember }, async (request): Promise<LikeResponse> => {
    const viewer = memberOf(request);
    const { id } = IdParamsSchema.parse(request.params);
    await assertNotSuspended(db, viewer);
    return toggleReplyLike(db, viewer, id);
  });
}
