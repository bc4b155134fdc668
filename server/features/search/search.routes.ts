import type { FastifyInstance } from "fastify";
import { SearchQuerySchema, type SearchResponse } from "../../../common/contracts/search";
import { memberOf, requireMember } from "../../auth/guards";
import type { Database } from "../../db/client";
import { searchContent } from "./search.service";

/** GET /api/search?q=: one ranked list across the members content the viewer's plan shows. */
export async function searchRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get("/api/search", { config: { api: { summary: "Search posts, sessions, resources, videos and members", query: SearchQuerySchema } }, preHandler: requireMember }, async (request, reply): Promise<SearchResponse> => {
    reply.header("cache-control", "private, no-store");
    const { q } = SearchQuerySchema.parse(request.query);
    return searchContent(db, memberOf(request), q);
  });
}
