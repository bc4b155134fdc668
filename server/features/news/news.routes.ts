import type { FastifyInstance } from "fastify";
import type { NewsResponse } from "../../../common/contracts/marketing";
import type { NewsService } from "./news.service";

/** Latest News for /in-the-news: public, already sanitized and formatted. */
export async function newsRoutes(app: FastifyInstance, { news }: { news: NewsService }): Promise<void> {
  app.get("/api/news", { config: { api: { summary: "Press releases (the configured news feed)" } } }, async (_request, reply): Promise<NewsResponse> => {
    reply.header("cache-control", "public, max-age=60");
    return news.getNews();
  });
}
