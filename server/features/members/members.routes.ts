import type { FastifyInstance } from "fastify";
import type { DashboardResponse } from "../../../common/contracts/members";
import { memberOf, requireMember } from "../../auth/guards";
import { sendJson } from "../../cache/answer-cache";
import { dashboardLevelsFor } from "../content/access.policy";
import type { ContentDeps } from "../content/content-deps";
import { programmeToday } from "../sessions/session-time";
import { listDashboardEvents } from "./dashboard.service";

/** The members dashboard: the same answer for every viewer who sees the same levels on the same day. */
export async function membersRoutes(app: FastifyInstance, { db, answers }: ContentDeps): Promise<void> {
  app.get("/api/members/dashboard", { config: { api: { summary: "The members' dashboard" } }, preHandler: requireMember }, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    const viewer = memberOf(request);
    const now = new Date();
    const key = `dashboard|${dashboardLevelsFor(viewer).join(",")}|${programmeToday(now)}`;
    const build = async (): Promise<DashboardResponse> => ({ events: await listDashboardEvents(db, viewer, now) });
    return sendJson(request, reply, await answers.json("sessions", key, build));
  });
}
