import type { FastifyInstance } from "fastify";
import type { DashboardResponse } from "../../../common/contracts/members";
import { memberOf, requireMember } from "../../auth/guards";
import { listDashboardEvents } from "./dashboard.service";

/** The members dashboard. */
export async function membersRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/members/dashboard", { preHandler: requireMember }, async (request): Promise<DashboardResponse> => {
    return { events: listDashboardEvents(memberOf(request).membershipTier) };
  });
}
