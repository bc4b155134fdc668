import type { FastifyInstance } from "fastify";
import { unsubscribePage } from "../email/unsubscribe-page";
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  FlagInputSchema,
  MemberActionSchema,
  ModerationDecisionSchema,
  ModerationQueueQuerySchema,
  PostModerationSchema,
  type CommunityStanding,
  type MemberActionResult,
  type ModerationQueue,
} from "../../../common/contracts/community";
import { users } from "../../auth/auth.table";
import { memberOf, requireAdmin, requireMember } from "../../auth/guards";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import { escapeHtml } from "../../mail/templates";
import { isValidUnsubscribeSignature } from "../email/unsubscribe-link";
import { getGeneralSettings } from "../settings/settings.service";
import { countFlag } from "./flag-limit";
import { flagPost, flagReply } from "./flags";
import { mentionSuggestionRoutes } from "./mention-suggestions";
import { IdParamsSchema } from "./id-params";
import { MENTION_EMAILS } from "./mentions.job";
import { hiddenByFlagsMail } from "./moderation-mail";
import { actOnMember, decide, excerpt, liftSuspension, moderatePost, readModerationQueue } from "./moderation.service";
import { updatePreferences } from "../notifications/notification-preferences";
import { activeSuspension } from "./suspensions";

interface ModerationDeps {
  db: Database;
  mailer: Mailer;
  secret: string;
  baseUrl: string;
  flagTrustDays: number;
}

const UserParamsSchema = z.object({ userId: z.string().min(1).max(100) });
const LinkSchema = z.object({ u: z.string().min(1).max(100), t: z.string().min(1).max(100) });

/** Flags (members), the moderation queue and decisions (admins), the mention list and the member's mention email settings. */
export async function moderationRoutes(app: FastifyInstance, { db, mailer, secret, baseUrl, flagTrustDays }: ModerationDeps): Promise<void> {
  await mentionSuggestionRoutes(app, { db });

  /** Flags, counted per member; when one hides the item, its author is mailed after the flag is saved. */
  const flagRoute = (kind: "posts" | "replies", flag: typeof flagPost) =>
    app.post(`/api/community/${kind}/:id/flag`, { config: { api: { summary: `Flag a ${kind === "posts" ? "post" : "reply"} for moderators`, body: FlagInputSchema, params: IdParamsSchema } }, preHandler: requireMember }, async (request, reply) => {
      const viewer = memberOf(request);
      const { id } = IdParamsSchema.parse(request.params);
      const input = FlagInputSchema.parse(request.body);
      await countFlag(db, viewer, reply);
      const hidden = await flag(db, viewer, id, input, flagTrustDays);
      if (hidden?.author) await tellAuthor(hidden.author, hidden.kind, hidden.content);
      return reply.code(201).send({ flagged: true });
    });
  flagRoute("posts", flagPost);
  flagRoute("replies", flagReply);

  async function tellAuthor(author: { name: string; email: string }, kind: "post" | "reply", content: string): Promise<void> {
    const { communityName } = await getGeneralSettings(db);
    await mailer.send(hiddenByFlagsMail(author, kind, excerpt(content), new URL("/members/community", baseUrl).toString(), communityName));
  }

  app.get("/api/community/standing", { config: { api: { summary: "The viewer's standing (warnings, suspension)" } }, preHandler: requireMember }, async (request): Promise<CommunityStanding> => {
    const suspension = await activeSuspension(db, memberOf(request).userId);
    return { suspendedUntil: suspension?.until.toISOString() ?? null, message: suspension?.message ?? null };
  });

  app.get("/api/admin/moderation/queue", { config: { api: { summary: "The moderation queue", query: ModerationQueueQuerySchema } }, preHandler: requireAdmin }, async (request): Promise<ModerationQueue> => readModerationQueue(db, ModerationQueueQuerySchema.parse(request.query)));

  app.post("/api/admin/moderation/posts/:id/decision", { config: { api: { summary: "Decide on a flagged post", body: ModerationDecisionSchema, params: IdParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { id } = IdParamsSchema.parse(request.params);
    await decide(db, memberOf(request), "post", id, ModerationDecisionSchema.parse(request.body).decision);
    return reply.code(204).send();
  });

  app.post("/api/admin/moderation/replies/:id/decision", { config: { api: { summary: "Decide on a flagged reply", body: ModerationDecisionSchema, params: IdParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { id } = IdParamsSchema.parse(request.params);
    await decide(db, memberOf(request), "reply", id, ModerationDecisionSchema.parse(request.body).decision);
    return reply.code(204).send();
  });

  app.post("/api/admin/moderation/members/:userId/action", { config: { api: { summary: "Warn or suspend a member", body: MemberActionSchema, params: UserParamsSchema } }, preHandler: requireAdmin }, async (request): Promise<MemberActionResult> => {
    const { userId } = UserParamsSchema.parse(request.params);
    return actOnMember(db, mailer, memberOf(request), userId, MemberActionSchema.parse(request.body));
  });

  app.delete("/api/admin/moderation/members/:userId/suspension", { config: { api: { summary: "Lift a member's suspension", params: UserParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { userId } = UserParamsSchema.parse(request.params);
    await liftSuspension(db, memberOf(request), userId);
    return reply.code(204).send();
  });

  app.patch("/api/admin/community/posts/:id/moderation", { config: { api: { summary: "Pin, lock or move a post", body: PostModerationSchema, params: IdParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { id } = IdParamsSchema.parse(request.params);
    await moderatePost(db, memberOf(request), id, PostModerationSchema.parse(request.body));
    return reply.code(204).send();
  });

  // The link in a mention email: GET asks (a mail scanner opening links unsubscribes nobody), POST
  // unsubscribes, including the one-click POST mail providers send (RFC 8058, form-encoded).
  await app.register(async (scoped) => {
    scoped.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    const validLink = (query: unknown) => {
      const link = LinkSchema.safeParse(query);
      return link.success && isValidUnsubscribeSignature(secret, link.data.u, link.data.t, MENTION_EMAILS) ? link.data : null;
    };

    scoped.get("/api/community/mentions/unsubscribe", async (request, reply) => {
      const link = validLink(request.query);
      reply.type("text/html; charset=utf-8");
      if (!link) return reply.code(400).send(unsubscribePage("Link not valid", "This unsubscribe link is not valid."));
      const action = `${MENTION_EMAILS.path}?u=${encodeURIComponent(link.u)}&t=${encodeURIComponent(link.t)}`;
      return unsubscribePage("Stop mention emails", "Stop receiving an email when someone mentions you in the community? You can turn them on again on your Account page.", `<form method="post" action="${escapeHtml(action)}"><button type="submit">Stop mention emails</button></form>`);
    });

    scoped.post("/api/community/mentions/unsubscribe", async (request, reply) => {
      const link = validLink(request.query);
      reply.type("text/html; charset=utf-8");
      if (!link) return reply.code(400).send(unsubscribePage("Link not valid", "This unsubscribe link is not valid."));
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, link.u));
      // Mentions stay in the app's notification centre; only the mails stop.
      if (user) await updatePreferences(db, user.id, { mentions: "app" });
      return unsubscribePage("Mention emails are off", "You will no longer get an email when someone mentions you. You can turn them on again on your Account page.");
    });
  });
}
