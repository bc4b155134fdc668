import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { MAX_UPLOAD_BYTES } from "../../common/contracts/media";

export interface SlowClientLimits {
  /** Headers must arrive within this long, and a body that delivers no byte for this long is cut. */
  idleSeconds: number;
  /** After the first `idleSeconds`, a body must have averaged at least this rate, or it is cut. */
  minBytesPerSecond: number;
}

/** A request body being received: what the socket had read when it began, and its last progress. */
interface BodyInFlight {
  raw: IncomingMessage;
  startedAt: number;
  bytesAtStart: number;
  lastBytes: number;
  lastProgressAt: number;
  /** Time the body waited on us (its bytes buffered, unread by the route): never the client's fault. */
  heldByUsMs: number;
}

/** Room for the multipart framing around the largest upload. */
const LARGEST_BODY = Math.max(...Object.values(MAX_UPLOAD_BYTES)) + 1024 * 1024;

/**
 * Slow clients (SECURITY.md, "Abuse and slow clients"). Node's own request timeout is one fixed total,
 * which either lets a trickled JSON body hold a connection for the time a 50 MB upload needs on a slow
 * line or cuts that upload. So a body is held to a minimum average rate instead (after a grace of
 * `idleSeconds`) and to a longest silence; Node's timeouts bound the headers and, as a last cap, the
 * whole request at the largest body's size at the minimum rate. A cut destroys the socket: the route's
 * body stream then fails, and an upload removes its partial file as for any disconnect.
 *
 * An answer sent before its request's body was read (413, 401, 403, 415) drains the rest, or closes
 * the connection when the rest is larger than any body we take: left unread, it stalled the next
 * request the client sent on that connection until the keep-alive timeout (72 s).
 */
export function registerSlowClientGuard(app: FastifyInstance, limits: SlowClientLimits): void {
  const idleMs = limits.idleSeconds * 1000;
  const server = app.server;
  server.headersTimeout = idleMs;
  server.requestTimeout = idleMs + Math.ceil((LARGEST_BODY / limits.minBytesPerSecond) * 1000);
  // Node checks its two timeouts this often (30 s by default, read when the server starts listening;
  // an option of createServer that Node's types do not list as the property it is).
  Object.assign(server, { connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(idleMs / 4))) });

  const bodies = new Set<BodyInFlight>();
  let checking: NodeJS.Timeout | null = null;
  const check = () => {
    const now = Date.now();
    for (const body of bodies) {
      if (body.raw.complete || body.raw.destroyed) {
        bodies.delete(body);
        continue;
      }
      const read = body.raw.socket.bytesRead;
      if (read > body.lastBytes || body.raw.readableLength > 0) {
        if (read === body.lastBytes) body.heldByUsMs += now - body.lastProgressAt;
        body.lastBytes = read;
        body.lastProgressAt = now;
      }
      const clientTimeMs = now - body.startedAt - body.heldByUsMs;
      const required = (limits.minBytesPerSecond * (clientTimeMs - idleMs)) / 1000;
      const silentMs = now - body.lastProgressAt;
      if (silentMs >= idleMs || body.lastBytes - body.bytesAtStart < required) {
        bodies.delete(body);
        app.log.info({ silentMs, receivedBytes: body.lastBytes - body.bytesAtStart, elapsedMs: now - body.startedAt }, "cut off a request body arriving too slowly");
        body.raw.socket.destroy();
      }
    }
    if (bodies.size === 0 && checking) {
      clearInterval(checking);
      checking = null;
    }
  };

  app.addHook("onRequest", async (request) => {
    const raw = request.raw;
    // `complete` is false only on a real socket whose message has a body still to come (inject has none).
    if (raw.complete !== false || typeof raw.socket?.bytesRead !== "number") return;
    const now = Date.now();
    bodies.add({ raw, startedAt: now, bytesAtStart: raw.socket.bytesRead, lastBytes: raw.socket.bytesRead, lastProgressAt: now, heldByUsMs: 0 });
    checking ??= setInterval(check, Math.min(1000, Math.max(50, Math.floor(idleMs / 4)))).unref();
  });

  app.addHook("onSend", async (request, reply) => {
    const raw = request.raw;
    if (raw.complete !== false) return;
    const declared = Number(raw.headers["content-length"]);
    if (!(declared <= LARGEST_BODY)) {
      reply.header("connection", "close");
      return;
    }
    // Read and drop the rest (the slow-client checks still watch it), so the client gets this answer
    // whole instead of a reset, and its next request on the connection is read as soon as it comes.
    raw.unpipe();
    raw.resume();
  });
}
