import { createServer } from "node:net";

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * The first of `count` consecutive ports that are free on 127.0.0.1 now, tried from random starts in
 * the range above the usual services' ports, so parallel runs on one machine rarely pick the same.
 */
export async function findFreePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const first = 20_000 + Math.floor(Math.random() * 30_000);
    const ports = Array.from({ length: count }, (_, index) => first + index);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return first;
  }
  throw new Error(`no ${count} consecutive free ports found; set E2E_PORT`);
}
