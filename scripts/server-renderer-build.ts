import path from "node:path";
import { build, type Plugin } from "vite";

/** Where the server looks for the page renderer of a web build in `outDir`: beside it, never served. */
export const serverRendererDir = (outDir: string): string => `${outDir.replace(/[\\/]+$/, "")}-ssr`;

/**
 * After the browser build, builds web/entry-server.tsx for Node into `<outDir>-ssr` with the same
 * configuration, so every `vite build` (npm start, npm run build, the browser tests' own builds)
 * yields a matching renderer. Packages stay in node_modules.
 */
export function serverRenderer(): Plugin {
  let outDir = "";
  let configFile: string | undefined;
  let mode = "production";
  return {
    name: "server-renderer",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
      mode = config.mode;
    },
    async closeBundle() {
      await build({
        configFile,
        mode,
        logLevel: "warn",
        build: { ssr: "entry-server.tsx", outDir: serverRendererDir(outDir), emptyOutDir: true, copyPublicDir: false, reportCompressedSize: false },
      });
    },
  };
}
