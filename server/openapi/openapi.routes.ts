import type { FastifyInstance, RouteOptions } from "fastify";
import { AUTH_API } from "../auth/auth-endpoints.api";
import { buildOpenApiDocument, describedRoutes } from "./openapi-document";

export interface OpenApiDeps {
  /** The app's route table, filled as routes register; read at the first request, when it is complete. */
  routes: readonly RouteOptions[];
  sessionCookieName: string;
  serverUrl: string;
}

/** GET /api/openapi.json: the API described from its own route table, for integrators and their tools. */
export async function openApiRoutes(app: FastifyInstance, { routes, sessionCookieName, serverUrl }: OpenApiDeps): Promise<void> {
  // Made from the code alone, so every instance makes the same one: kept once made.
  let document: string | null = null;
  app.get("/api/openapi.json", { config: { api: { summary: "This description of the API (OpenAPI 3.1)" } } }, async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument({ endpoints: [...describedRoutes(routes), ...AUTH_API], sessionCookieName, serverUrl }));
    return reply.type("application/json; charset=utf-8").header("cache-control", "no-cache").send(document);
  });
}
