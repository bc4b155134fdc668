import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A real HTTP receiver on 127.0.0.1 for the webhook tests. Each path answers from its own script of
 * status codes (the last repeats); unknown paths answer 200 "thanks".
 */
export async function startReceiver(scripts: Record<string, number[]> = {}): Promise<{ url: (path: string) => string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const served = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const script = scripts[path] ?? [200];
      const count = served.get(path) ?? 0;
      served.set(path, count + 1);
      const status = script[Math.min(count, script.length - 1)] ?? 200;
      response.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "thanks" : `oops ${"x".repeat(3000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
