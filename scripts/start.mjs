// npm start: bundles the server's own TypeScript into dist/server/main.mjs (a few hundred
// milliseconds with esbuild, every start, so it can never be stale), then runs it with plain Node.
// Starting through tsx cost about twice as long: its loader compiles and resolves module by module.
// Packages stay in node_modules; server/main.ts then builds the web app if its sources changed.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const outfile = path.join(root, "dist/server/main.mjs");

/** Each module keeps its own address: paths it resolves from `import.meta.url` (migrations, the web sources) stay right. */
const keepModuleUrls = {
  name: "keep-module-urls",
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => ({
      loader: "ts",
      contents: (await readFile(file, "utf8")).replaceAll("import.meta.url", JSON.stringify(pathToFileURL(file).href)),
    }));
  },
};

await build({
  entryPoints: [path.join(root, "server/main.ts")],
  outfile,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  plugins: [keepModuleUrls],
});
await import(pathToFileURL(outfile).href);
