import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { FailedPaymentsResponse } from "../../common/contracts/billing";
import { adminOf, requireAdmin } from "../auth/guards";
import { listFailedPayments, sendReminderNow, type DunningDeps } from "./dunning";

const MemberParamsSchema = z.object({ userId: z.string().min(1).max(64) });

/** Admin → Failed payments: who is past due, and a reminder mailed on demand. */
export async function dunningRoutes(app: FastifyInstance, { deps }: { deps: DunningDeps }): Promise<void> {
  app.get("/api/admin/billing/failed-payments", { config: { api: { summary: "Members whose renewal payment failed" } }, preHandler: requireAdmin }, async (): Promise<FailedPaymentsResponse> => ({ failedPayments: await listFailedPayments(deps) }));

  app.post("/api/admin/billing/failed-payments/:userId/remind", { config: { api: { summary: "Mail a payment reminder now", params: MemberParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { userId } = MemberParamsSchema.parse(request.params);
    await sendReminderNow(deps, userId, adminOf(request).userId, new Date());
    return reply.code(204).send();
  });
}
