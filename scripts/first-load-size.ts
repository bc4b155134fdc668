import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Gzipped bytes of the JavaScript a built index.html loads before anything else (entry and preloads). */
export function firstLoadJavaScript(outDir: string): { bytes: number; files: number } {
  const html = readFileSync(path.join(outDir, "index.html"), "utf8");
  const sources = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((match) => match[1] ?? "");
  const bytes = sources.reduce((sum, src) => sum + gzipSync(readFileSync(path.join(outDir, src.replace(/^\//, "")))).length, 0);
  return { bytes, files: sources.length };
}

/** After a build, prints the gzipped size of the JavaScript the home page loads first. */
export function firstLoadSize(): Plugin {
  let outDir = "";
  return {
    name: "first-load-size",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { bytes, files } = firstLoadJavaScript(outDir);
      console.log(`\nHome page first-load JavaScript: ${(bytes / 1024).toFixed(1)} kB gzipped in ${files} file(s)`);
    },
  };
}
