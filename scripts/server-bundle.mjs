// The server's own TypeScript bundled by esbuild into one .mjs file that plain Node runs: a few hundred
// milliseconds, against about 3 s of CPU for tsx's loader to compile and resolve module by module.
// npm start bundles server/main.ts on every start (so it can never be stale); the tests bundle the server
// and the commands they start once per run. Packages stay in node_modules.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** Each module keeps its own address: paths it resolves from `import.meta.url` (migrations, the web sources) stay right. */
const keepModuleUrls = {
  name: "keep-module-urls",
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, ({ path: file }) => ({
      loader: "ts",
      contents: readFileSync(file, "utf8").replaceAll("import.meta.url", JSON.stringify(pathToFileURL(file).href)),
    }));
  },
};

/** Bundles `entry` into `outfile`, written aside and renamed: a process starting meanwhile never runs half a file. */
export async function bundleServer(entry, outfile) {
  const result = await build({
    entryPoints: [entry],
    outfile,
    write: false,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    plugins: [keepModuleUrls],
  });
  mkdirSync(path.dirname(outfile), { recursive: true });
  const partial = `${outfile}.${process.pid}.partial`;
  writeFileSync(partial, result.outputFiles[0].contents);
  renameSync(partial, outfile);
}
