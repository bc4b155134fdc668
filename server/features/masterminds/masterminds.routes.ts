import type { FastifyInstance } from "fastify";
import type { PublicMastermindsResponse } from "../../../common/contracts/marketing";
import type { Database } from "../../db/client";
import { readPublicMasterminds } from "./public-masterminds.service";

export async function mastermindsRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get("/api/masterminds", { config: { api: { summary: "Upcoming mastermind sessions (public list)" } } }, async (request, reply): Promise<PublicMastermindsResponse> => {
    reply.header("cache-control", "private, no-store");
    return readPublicMasterminds(db, request.viewer);
  });
}
