import { createServer } from "node:net";

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * Random starts are drawn between the usual services' ports and the operating systems' ephemeral
 * ranges (Linux from 32768, macOS and Windows from 49152): a port there is never handed to a server
 * that listens on port 0, as the API tests' servers do. One run's block once landed in Linux's range,
 * and an API test's server took a port of it between the check and the browser suite's start.
 */
const FIRST_PORT = 15_000;
const PAST_LAST_PORT = 32_768;

/**
 * The first of `count` consecutive ports that are free on 127.0.0.1 now, tried from random starts,
 * so parallel runs on one machine rarely pick the same.
 */
export async function findFreePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const first = FIRST_PORT + Math.floor(Math.random() * (PAST_LAST_PORT - count - FIRST_PORT));
    const ports = Array.from({ length: count }, (_, index) => first + index);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return first;
  }
  throw new Error(`no ${count} consecutive free ports found; set E2E_PORT`);
}
