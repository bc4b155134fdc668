import { existsSync } from "node:fs";

/** Flags Debian's Chromium and @sparticuz/chromium need in containers and CI (STACK.md). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The Chromium the browser tests drive: CHROME_PATH, else the system's /usr/bin/chromium,
 * else the binary shipped inside the @sparticuz/chromium npm package (no download needed).
 */
export async function resolveChromiumPath(): Promise<string> {
  const fromEnvironment = process.env.CHROME_PATH;
  if (fromEnvironment) return fromEnvironment;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const { default: chromium } = await import("@sparticuz/chromium");
  return chromium.executablePath();
}
