import type { FastifyInstance } from "fastify";

/** Probed every few seconds by load balancers and orchestrators: a line per probe would bury the rest. */
const HEALTH_PATHS = new Set(["/api/health", "/api/ready"]);

/**
 * One log line per answered request (Fastify's own logging writes two: "incoming request" and
 * "request completed"), with the client's address as the proxy reported it. Successful health probes
 * are logged at debug. What a line costs in disk is in the README ("Logs").
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    const quiet = reply.statusCode < 400 && HEALTH_PATHS.has(request.url.split("?", 1)[0] ?? "");
    // Flat fields: pino's `req`/`res` serializers would drop the client address.
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.clientIp,
    };
    if (quiet) request.log.debug(line, "request");
    else request.log.info(line, "request");
  });
}
