import type { FastifyInstance } from "fastify";
import type { ContentDeps } from "../content/content-deps";

export async function sessionsRoutes(_app: FastifyInstance, _deps: ContentDeps): Promise<void> {}
