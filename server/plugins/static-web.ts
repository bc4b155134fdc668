import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Serves the built React app; any other non-API GET answers index.html so client routes work on reload. */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  const hasBuild = existsSync(path.join(root, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" && !request.url.startsWith("/api/");
    if (wantsPage && hasBuild) return reply.header("cache-control", "no-cache").sendFile("index.html");
    if (wantsPage) return reply.code(503).type("text/plain").send("The web app is not built yet: run npm run build.");
    return reply.code(404).send({ error: { code: "NOT_FOUND", message: "Not found" } });
  });
}
