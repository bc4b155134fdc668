import type { FastifyInstance } from "fastify";
import type { DashboardResponse } from "../../../common/contracts/members";
import { memberOf, requireMember } from "../../auth/guards";
import type { Database } from "../../db/client";
import { listDashboardEvents } from "./dashboard.service";

/** The members dashboard. */
export async function membersRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get("/api/members/dashboard", { preHandler: requireMember }, async (request, reply): Promise<DashboardResponse> => {
    reply.header("cache-control", "private, no-store");
    return { events: await listDashboardEvents(db, memberOf(request)) };
  });
}
