import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_MESSAGES, SessionInputSchema, type MastermindSession, type RsvpResponse, type SessionsResponse } from "../../../common/contracts/sessions";
import { memberOf, requireAdmin, requireMember } from "../../auth/guards";
import { AppError } from "../../errors";
import type { ContentDeps } from "../content/content-deps";
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
export async function sessionsRoutes(app: FastifyInstance, { db }: ContentDeps): Promise<void> {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  app.get("/api/members/sessions", { preHandler: requireMember }, async (request): Promise<SessionsResponse> => {
    return listMemberSessions(db, memberOf(request));
  });

  app.get("/api/members/sessions/:id", { preHandler: requireMember }, async (request): Promise<MastermindSession> => {
    return readMemberSession(db, memberOf(request), sessionId(request));
  });

  app.post("/api/members/sessions/:id/rsvp", { preHandler: requireMember }, async (request): Promise<RsvpResponse> => {
    return setRsvp(db, memberOf(request), sessionId(request), true);
  });

  app.delete("/api/members/sessions/:id/rsvp", { preHandler: requireMember }, async (request): Promise<RsvpResponse> => {
    return setRsvp(db, memberOf(request), sessionId(request), false);
  });

  app.get("/api/members/sessions/:id/calendar.ics", { preHandler: requireMember }, async (request, reply) => {
    const { fileName, body } = await memberSessionCalendar(db, memberOf(request), sessionId(request));
    return reply.type("text/calendar; charset=utf-8").header("content-disposition", `attachment; filename="${fileName}"`).send(body);
  });

  app.get("/api/admin/sessions", { preHandler: requireAdmin }, async (request): Promise<SessionsResponse> => {
    return listAllSessions(db, memberOf(request));
  });

  app.post("/api/admin/sessions", { preHandler: requireAdmin }, async (request, reply): Promise<MastermindSession> => {
    const values = SessionInputSchema.parse(request.body);
    reply.code(201);
    return createSession(db, memberOf(request), values);
  });

  app.put("/api/admin/sessions/:id", { preHandler: requireAdmin }, async (request): Promise<MastermindSession> => {
    const id = sessionId(request);
    return updateSession(db, memberOf(request), id, SessionInputSchema.parse(request.body));
  });

  app.delete("/api/admin/sessions/:id", { preHandler: requireAdmin }, async (request, reply) => {
    await deleteSession(db, sessionId(request));
    return reply.code(204).send();
  });
}
