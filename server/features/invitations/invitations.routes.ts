import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { AUTH_MESSAGES } from "../../../common/contracts/auth";
import {
  AcceptInvitationSchema,
  CreateInvitationSchema,
  INVITATION_MESSAGES,
  type Invitation,
  type InvitationsResponse,
} from "../../../common/contracts/invitations";
import type { Auth } from "../../auth/auth";
import { CLIENT_IP_HEADER, rateLimitAddress } from "../../auth/client-ip";
import { memberOf, requireAdmin } from "../../auth/guards";
import { hitRateLimit } from "../../auth/rate-limit";
import type { Database } from "../../db/client";
import { publicUrl, type Env } from "../../env";
import { AppError } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { acceptInvitation, previewInvitation } from "./invitation-accept";
import { createInvitation, deleteInvitation, listInvitations, resendInvitation } from "./invitations.service";

interface InvitationRoutesDeps {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  env: Env;
}

const IdParamsSchema = z.object({ id: z.string().min(1).max(100) });
const TokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
const LINK_WINDOW_SECONDS = 60;

/** Admin Settings → Invitations, and the invitee's link. */
export async function invitationsRoutes(app: FastifyInstance, { db, auth, mailer, env }: InvitationRoutesDeps): Promise<void> {
  const mailDeps = { db, mailer, publicUrl: publicUrl(env) };

  app.get("/api/admin/invitations", { config: { api: { summary: "List invitations" } }, preHandler: requireAdmin }, async (): Promise<InvitationsResponse> => ({ invitations: await listInvitations(db) }));

  app.post("/api/admin/invitations", { config: { api: { summary: "Invite someone by email", body: CreateInvitationSchema, success: { status: 201 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const invitation = await createInvitation(mailDeps, memberOf(request), CreateInvitationSchema.parse(request.body));
    return reply.code(201).send({ invitation });
  });

  app.post("/api/admin/invitations/:id/resend", { config: { api: { summary: "Resend an invitation", params: IdParamsSchema } }, preHandler: requireAdmin }, async (request): Promise<{ invitation: Invitation }> => {
    return { invitation: await resendInvitation(mailDeps, IdParamsSchema.parse(request.params).id) };
  });

  app.delete("/api/admin/invitations/:id", { config: { api: { summary: "Withdraw an invitation", params: IdParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    await deleteInvitation(db, IdParamsSchema.parse(request.params).id);
    return reply.code(204).send();
  });

  // The links carry 256 random bits, so the limit is about cost (each accept hashes a password), not guessing.
  const limitPerAddress = async (request: FastifyRequest, action: string) => {
    const clientIp = request.clientIp;
    const hit = await hitRateLimit(db, `ip:invitation-${action}:${rateLimitAddress(clientIp)}`, env.AUTH_RATE_LIMIT_IP, LINK_WINDOW_SECONDS);
    if (!hit.allowed) {
      request.log.warn({ ip: clientIp, action }, "invitation rate limit reached");
      throw new AppError("RATE_LIMITED", AUTH_MESSAGES.rateLimited);
    }
    return clientIp;
  };

  app.get("/api/invitations/:token", { config: { api: { summary: "Read an invitation by its token", params: TokenParamsSchema } } }, async (request) => {
    await limitPerAddress(request, "preview");
    const outcome = await previewInvitation(db, TokenParamsSchema.parse(request.params).token);
    // An expired link answers 410 rather than 404: the invitee should ask for a new one, not retype it.
    if (outcome.kind !== "ok") throw new AppError("GONE", INVITATION_MESSAGES.expiredLink);
    return outcome.value;
  });

  app.post("/api/invitations/:token/accept", { config: { api: { summary: "Accept an invitation (creates the account)", body: AcceptInvitationSchema, params: TokenParamsSchema, success: { status: 201 } } } }, async (request, reply) => {
    const clientIp = await limitPerAddress(request, "accept");
    const { token } = TokenParamsSchema.parse(request.params);
    const input = AcceptInvitationSchema.parse(request.body);
    const outcome = await acceptInvitation({ db, auth, graceDays: env.BILLING_GRACE_DAYS }, token, input);
    if (outcome.kind === "expired") throw new AppError("GONE", INVITATION_MESSAGES.expiredLink);
    // Signs the new member in exactly as the sign-in form would: same session rules, same cookie.
    const signedIn = await auth.api.signInEmail({
      body: { email: outcome.value.email, password: input.password },
      headers: new Headers({ [CLIENT_IP_HEADER]: clientIp, "user-agent": request.headers["user-agent"] ?? "" }),
      returnHeaders: true,
    });
    return reply.code(201).header("set-cookie", signedIn.headers.getSetCookie()).send(outcome.value);
  });
}

