import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { getAppManifest } from "./app-manifest.service";

/** GET /manifest.webmanifest: read at each install and by installed apps, so a renamed community shows. */
export async function appManifestRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get("/manifest.webmanifest", async (_request, reply) => {
    reply.type("application/manifest+json; charset=utf-8").header("cache-control", "no-cache");
    return getAppManifest(db);
  });
}
