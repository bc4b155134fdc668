import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";

/** A stopping server closes once no request has been in progress for this long… */
const QUIET_MS = 100;
/** …or after this long, however busy it still is. */
const MAX_DRAIN_MS = 5000;

export interface ShutdownDrain {
  /** Serves on until the server is quiet, telling balancers and keep-alive clients to go elsewhere. */
  drain(): Promise<void>;
}

/**
 * The first step of a graceful stop. Closing the HTTP server destroys every connection that has no
 * request in progress, including one whose request has arrived but is not read yet, and resets the
 * connections still waiting to be accepted: those clients get a reset instead of an answer. A busy
 * server leaves requests unread for seconds (on PGlite, queries queued one after another hold the
 * event loop until the queue is empty). So a stopping server first serves on: every answer carries
 * `Connection: close`, so clients send their next request elsewhere, and /api/ready answers 503, so
 * balancers stop sending; the server closes (main.ts) once it has been quiet for QUIET_MS, which a
 * server with requests queued reaches only after it has read and answered them.
 */
export function registerShutdownDrain(app: FastifyInstance): ShutdownDrain {
  let draining = false;
  let inProgress = 0;
  let lastStarted = 0;
  // At the HTTP server itself: counted from the moment a request is read, before any hook runs.
  app.server.on("request", (_request, response) => {
    inProgress += 1;
    lastStarted = Date.now();
    response.once("close", () => (inProgress -= 1));
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!draining || request.routeOptions.url !== "/api/ready") return;
    return reply.code(503).header("cache-control", "no-store").send({ status: "unavailable", reason: "stopping", message: "This instance is shutting down." });
  });
  app.addHook("onSend", async (_request, reply) => {
    if (draining) reply.header("connection", "close");
  });
  return {
    async drain() {
      draining = true;
      const startedAt = Date.now();
      do await sleep(QUIET_MS);
      while ((inProgress > 0 || Date.now() - lastStarted < QUIET_MS) && Date.now() - startedAt < MAX_DRAIN_MS);
    },
  };
}
