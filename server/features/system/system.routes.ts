import type { FastifyInstance } from "fastify";
import type { PublicConfig } from "../../../common/contracts/auth";
import type { DatabaseHandle } from "../../db/client";
import { checkReadiness } from "./readiness";

interface SystemRoutesOptions {
  database: DatabaseHandle;
  publicConfig: PublicConfig;
}

/**
 * Liveness and readiness for load balancers and orchestrators (README, "Health checks"), and the
 * public, non-secret settings the web app boots with.
 */
export async function systemRoutes(app: FastifyInstance, { database, publicConfig }: SystemRoutesOptions): Promise<void> {
  // Liveness touches no database: an outage must not get every instance restarted at once.
  app.get("/api/health", { config: { api: { summary: "Liveness: the process answers" } } }, async (_request, reply) => reply.header("cache-control", "no-store").send({ status: "ok" }));

  app.get("/api/ready", { config: { api: { summary: "Readiness: the database answers" } } }, async (_request, reply) => {
    const readiness = await checkReadiness(database);
    reply.header("cache-control", "no-store");
    if (readiness.status === "ready") return reply.send({ status: "ready" });
    return reply.code(503).send(readiness);
  });

  app.get("/api/config", { config: { api: { summary: "Public configuration the web app needs before sign-in" } } }, async () => publicConfig);
}
