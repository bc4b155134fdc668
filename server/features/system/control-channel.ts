import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import type { CommandResult } from "../../cli/commands";

/**
 * The server's door for operator commands (npm run admin:create, billing:advance) while it holds the
 * embedded data folder, so they write through the one process that may open it. Reachable only from
 * this machine (bound to 127.0.0.1) and only with the secret the server writes at each start into
 * DATA_DIR/control-secret, readable by the server's user alone. Browsers are turned away: they send
 * an Origin on every POST, and a page that rebinds a name to 127.0.0.1 sends a foreign Host.
 */
export const CONTROL_SECRET_FILE = "control-secret";
const MAX_BODY_BYTES = 16 * 1024;

export type ControlHandler = (args: unknown) => Promise<CommandResult>;

export interface ControlChannel {
  port: number;
  close(): Promise<void>;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function send(response: ServerResponse, status: number, body: CommandResult): void {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** Listens on 127.0.0.1 (a free port) and answers POST /commands/<name> for the given handlers. */
export async function startControlChannel(dataDir: string, handlers: ReadonlyMap<string, ControlHandler>, logger: Logger): Promise<ControlChannel> {
  const secretFile = path.join(dataDir, CONTROL_SECRET_FILE);
  const secret = randomBytes(32).toString("base64url");
  rmSync(secretFile, { force: true });
  writeFileSync(secretFile, secret, { mode: 0o600, flag: "wx" });
  const expected = digest(`Bearer ${secret}`);
  let port = 0;

  const server = createServer((request, response) => {
    void (async () => {
      if (request.headers.origin !== undefined || request.headers.host !== `127.0.0.1:${port}`) {
        return send(response, 403, { exitCode: 1, message: "Forbidden." });
      }
      if (!timingSafeEqual(digest(request.headers.authorization ?? ""), expected)) {
        return send(response, 401, { exitCode: 1, message: `Not authorized: the secret in ${secretFile} is required.` });
      }
      const name = new URL(request.url ?? "/", "http://127.0.0.1").pathname.replace(/^\/commands\//, "");
      const handler = request.method === "POST" ? handlers.get(name) : undefined;
      if (!handler) return send(response, 404, { exitCode: 2, message: `No command ${name} on this server.` });
      if (!request.headers["content-type"]?.startsWith("application/json")) {
        return send(response, 415, { exitCode: 2, message: "Expected a JSON body." });
      }
      const body = await readBody(request);
      if (body === null) return send(response, 413, { exitCode: 2, message: "The request is too large." });
      let args: unknown;
      try {
        args = JSON.parse(body);
      } catch {
        return send(response, 400, { exitCode: 2, message: "The body is not JSON." });
      }
      const result = await handler(args);
      logger.info({ command: name, exitCode: result.exitCode }, "ran an operator command from the control channel");
      send(response, 200, result);
    })().catch((error: unknown) => {
      logger.error({ err: error }, "an operator command failed");
      if (!response.headersSent) send(response, 500, { exitCode: 1, message: error instanceof Error ? error.message : "The command failed." });
    });
  });
  server.requestTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        rmSync(secretFile, { force: true });
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
