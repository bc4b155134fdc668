import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AUTH_MESSAGES } from "../../../common/contracts/auth";
import { CallRequestInputSchema, type CallRequest, type CallRequestsResponse } from "../../../common/contracts/call-requests";
import { rateLimitAddress } from "../../auth/client-ip";
import { memberOf, requireAdmin } from "../../auth/guards";
import { hitRateLimit } from "../../auth/rate-limit";
import { AppError } from "../../errors";
import { createCallRequest, listCallRequests, markCallRequestHandled, type CallRequestDeps } from "./call-requests.service";


/** Requests per client address per hour: plenty for a person, too few to flood the admins' inboxes. */
export const CALL_REQUESTS_PER_HOUR = 5;
const WINDOW_SECONDS = 3600;

const IdParamsSchema = z.object({ id: z.uuid() });

/** The request-a-call form of /ref-number, and the admins' list of requests. */
export async function callRequestsRoutes(app: FastifyInstance, deps: CallRequestDeps): Promise<void> {
  app.post("/api/call-requests", { config: { api: { summary: "Request a call", body: CallRequestInputSchema, success: { status: 201 } } } }, async (request, reply) => {
    const input = CallRequestInputSchema.parse(request.body);
    const clientIp = request.clientIp;
    const hit = await hitRateLimit(deps.db, `ip:call-request:${rateLimitAddress(clientIp)}`, CALL_REQUESTS_PER_HOUR, WINDOW_SECONDS);
    if (!hit.allowed) {
      request.log.warn({ ip: clientIp }, "call request rate limit reached");
      reply.header("retry-after", String(hit.retryAfterSeconds));
      throw new AppError("RATE_LIMITED", AUTH_MESSAGES.rateLimited);
    }
    const callRequest = await createCallRequest(deps, input);
    return reply.code(201).send({ callRequest });
  });

  app.get("/api/admin/call-requests", { config: { api: { summary: "List call requests" } }, preHandler: requireAdmin }, async (): Promise<CallRequestsResponse> => ({ callRequests: await listCallRequests(deps.db) }));

  app.post("/api/admin/call-requests/:id/handled", { config: { api: { summary: "Mark a call request handled", params: IdParamsSchema } }, preHandler: requireAdmin }, async (request): Promise<{ callRequest: CallRequest }> => {
    const { id } = IdParamsSchema.parse(request.params);
    return { callRequest: await markCallRequestHandled(deps.db, memberOf(request), id) };
  });
}
