import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_MESSAGES, SessionInputSchema, type MastermindSession, type RsvpResponse, type SessionsResponse } from "../../../common/contracts/sessions";
import { memberOf, requireAdmin, requireMember } from "../../auth/guards";
import { AppError } from "../../errors";
import type { ContentDeps } from "../content/content-deps";
import type { Mailer } from "../../mail/mailer";
import { getGeneralSettings } from "../settings/settings.service";
import { rsvpMail } from "./rsvp-mail";
import { announceNewSession, announceSessionChanges, forgetSession, SESSIONS_LINK } from "./session-notifications";
import {
  createSession,
  deleteSession,
  listAllSessions,
  listMemberSessions,
  memberSessionCalendar,
  readMemberSession,
  setRsvp,
  updateSession,
} from "./sessions.service";

/** The largest value of the integer id column. */
const MAX_ID = 2_147_483_647;

/** The `:id` of the URL; anything that cannot be a session id is simply not found. */
function sessionId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? "";
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ID) throw new AppError("NOT_FOUND", SESSION_MESSAGES.notFound);
  return Number(raw);
}

/** Mastermind sessions: the members' list, RSVPs and calendar files, and the admin screens' CRUD. */
export interface SessionsDeps extends ContentDeps {
  mailer: Mailer;
  /** The site's public address, for links in mails. */
  baseUrl: string;
}

export async function sessionsRoutes(app: FastifyInstance, { db, jobs, mailer, baseUrl }: SessionsDeps): Promise<void> {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  app.get("/api/members/sessions", { config: { api: { summary: "Mastermind sessions for members" } }, preHandler: requireMember }, async (request): Promise<SessionsResponse> => {
    return listMemberSessions(db, memberOf(request));
  });

  app.get("/api/members/sessions/:id", { config: { api: { summary: "Read a mastermind session" } }, preHandler: requireMember }, async (request): Promise<MastermindSession> => {
    return readMemberSession(db, memberOf(request), sessionId(request));
  });

  app.post("/api/members/sessions/:id/rsvp", { config: { api: { summary: "RSVP to a session" } }, preHandler: requireMember }, async (request): Promise<RsvpResponse> => {
    const viewer = memberOf(request);
    const { answer, joined } = await setRsvp(db, viewer, sessionId(request), true);
    if (joined) {
      const { communityName } = await getGeneralSettings(db);
      const result = await mailer.send(rsvpMail({ to: viewer, session: joined, communityName, sessionsUrl: new URL(SESSIONS_LINK, baseUrl).toString(), now: new Date() }));
      if (result.failure) request.log.warn({ failure: result.failure.message }, "RSVP email not delivered");
    }
    return answer;
  });

  app.delete("/api/members/sessions/:id/rsvp", { config: { api: { summary: "Withdraw an RSVP" } }, preHandler: requireMember }, async (request): Promise<RsvpResponse> => {
    return (await setRsvp(db, memberOf(request), sessionId(request), false)).answer;
  });

  app.get("/api/members/sessions/:id/calendar.ics", { config: { api: { summary: "A session as a calendar file", success: { status: 200, contentType: "text/calendar" } } }, preHandler: requireMember }, async (request, reply) => {
    const { fileName, body } = await memberSessionCalendar(db, memberOf(request), sessionId(request));
    return reply.type("text/calendar; charset=utf-8").header("content-disposition", `attachment; filename="${fileName}"`).send(body);
  });

  app.get("/api/admin/sessions", { config: { api: { summary: "List mastermind sessions (admin)" } }, preHandler: requireAdmin }, async (request): Promise<SessionsResponse> => {
    return listAllSessions(db, memberOf(request));
  });

  app.post("/api/admin/sessions", { config: { api: { summary: "Create a mastermind session", body: SessionInputSchema, success: { status: 201 } } }, preHandler: requireAdmin }, async (request, reply): Promise<MastermindSession> => {
    const values = SessionInputSchema.parse(request.body);
    reply.code(201);
    const { session, row } = await createSession(db, memberOf(request), values);
    await announceNewSession(jobs, row, request.log);
    return session;
  });

  app.put("/api/admin/sessions/:id", { config: { api: { summary: "Save a mastermind session", body: SessionInputSchema } }, preHandler: requireAdmin }, async (request): Promise<MastermindSession> => {
    const id = sessionId(request);
    const { session, before, row } = await updateSession(db, memberOf(request), id, SessionInputSchema.parse(request.body));
    await announceSessionChanges(db, jobs, before, row, request.log);
    return session;
  });

  app.delete("/api/admin/sessions/:id", { config: { api: { summary: "Delete a mastermind session", success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const id = sessionId(request);
    await deleteSession(db, id);
    await forgetSession(db, id);
    return reply.code(204).send();
  });
}
