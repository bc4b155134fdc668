import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** After a build, prints the gzipped size of the JavaScript the home page loads before anything else. */
export function firstLoadSize(): Plugin {
  let outDir = "";
  return {
    name: "first-load-size",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const html = readFileSync(path.join(outDir, "index.html"), "utf8");
      const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((match) => match[1] ?? "");
      let total = 0;
      for (const src of scripts) total += gzipSync(readFileSync(path.join(outDir, src.replace(/^\//, "")))).length;
      console.log(`\nHome page first-load JavaScript: ${(total / 1024).toFixed(1)} kB gzipped in ${scripts.length} file(s)`);
    },
  };
}
