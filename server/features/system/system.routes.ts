import type { FastifyInstance } from "fastify";
import type { PublicConfig } from "../../../common/contracts/auth";

interface SystemRoutesOptions {
  isDatabaseReady: () => Promise<boolean>;
  publicConfig: PublicConfig;
}

/** Health for load balancers and the public, non-secret settings the web app boots with. */
export async function systemRoutes(app: FastifyInstance, { isDatabaseReady, publicConfig }: SystemRoutesOptions): Promise<void> {
  app.get("/api/health", async (_request, reply) => {
    if (await isDatabaseReady()) return { status: "ok" };
    return reply.code(503).send({ status: "unavailable", message: "The database is not answering." });
  });

  app.get("/api/config", async () => publicConfig);
}
