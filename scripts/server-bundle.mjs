// The server and the commands the tests start, each bundled by esbuild with the packages it imports into
// one .cjs file that plain Node runs (dist/server/<name>.cjs). Node then reads, resolves and compiles one
// file instead of about 1,700 modules: the server answers ~0.7 s sooner after a start, at the same
// memory (docs/benchmarks.md), and about 3 s of CPU sooner than under tsx's loader. Bundling takes a few
// seconds, so it runs only when an input changed: the stamp beside the bundles names every file esbuild
// read, with its size and modification time as they were when it was read.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const SERVER_BUNDLE_DIR = path.join(ROOT, "dist/server");
const STAMP = path.join(ROOT, "dist/server-inputs.json");
/** npm start runs main; the tests also start these commands as processes. */
const ENTRIES = ["main", "cli/create-admin", "cli/billing-advance", "cli/backup", "cli/restore"];

/**
 * Left in node_modules: PGlite and argon2 load their WebAssembly, data and native files from beside
 * their own modules; Stripe's SDK and the AWS SDK are imported only when configured, so they cost
 * nothing otherwise; pg's native binding is optional and not installed.
 */
const EXTERNAL = ["@electric-sql/pglite", "@electric-sql/pglite/*", "@node-rs/argon2", "stripe", "@aws-sdk/*", "pg-native"];

/**
 * CommonJS, which Node 20 can run from V8's compiled code of an earlier run (scripts/code-cache.mjs);
 * a package's own `import.meta.url` becomes the bundle's address, as it was in an ES module bundle.
 * import() becomes require(): Node 20 loses the import() callback of a script run from a code cache
 * (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), and requires ES modules (the page renderer) since 20.19.
 */
const IMPORT_META_URL = "__bundleUrl";
const IMPORT_META_BANNER = `var ${IMPORT_META_URL} = require("node:url").pathToFileURL(__filename).href;`;

/** Size and modification time: checking ~1,700 inputs this way takes milliseconds, hashing them a tenth of a second. */
function version(file) {
  const { size, mtimeMs } = statSync(path.join(ROOT, file));
  return `${size}:${mtimeMs}`;
}

/**
 * Loads every file esbuild reads and notes its version first, so a file edited during the build is
 * newer than its note and bundles again next time. Each module of ours keeps its own address: paths it
 * resolves from `import.meta.url` (migrations, the web sources) stay right.
 */
function recordInputs(read) {
  return {
    name: "record-inputs",
    setup(bundle) {
      bundle.onLoad({ filter: /.*/, namespace: "file" }, ({ path: file }) => {
        const relative = path.relative(ROOT, file);
        read[relative] = version(relative);
        const bytes = readFileSync(file);
        if (!file.endsWith(".ts")) return { contents: bytes, loader: "default" };
        return { loader: "ts", contents: bytes.toString("utf8").replaceAll("import.meta.url", JSON.stringify(pathToFileURL(file).href)) };
      });
    },
  };
}

/** The file to run with `node` for `server/<name>.ts`. */
export function serverBundlePath(name) {
  return path.join(SERVER_BUNDLE_DIR, `${name}.cjs`);
}

/** What a build depends on besides its inputs: this bundler and the packages' versions. */
function builtWith() {
  return [path.relative(ROOT, fileURLToPath(import.meta.url)), "package-lock.json"].map(version).join(",");
}

function bundlesCurrent() {
  try {
    const stamp = JSON.parse(readFileSync(STAMP, "utf8"));
    if (stamp.builtWith !== builtWith() || !ENTRIES.every((name) => existsSync(serverBundlePath(name)))) return false;
    return Object.entries(stamp.inputs).every(([file, noted]) => version(file) === noted);
  } catch {
    // No stamp yet, or an input is gone.
    return false;
  }
}

/** Written aside and renamed: a process starting meanwhile never runs half a file. */
function writeAtomically(file, contents) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
}

/**
 * Bundles the server and its commands into dist/server unless the bundles there came from the same
 * inputs; returns whether it bundled. The stamp is written last, so an interrupted build bundles again
 * next time.
 */
export async function buildServerIfChanged() {
  if (bundlesCurrent()) return false;
  const stamp = { builtWith: builtWith(), inputs: {} };
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(ENTRIES.map((name) => [name, path.join(ROOT, `server/${name}.ts`)])),
    outdir: SERVER_BUNDLE_DIR,
    outExtension: { ".js": ".cjs" },
    write: false,
    bundle: true,
    external: EXTERNAL,
    banner: { js: IMPORT_META_BANNER },
    define: { "import.meta.url": IMPORT_META_URL },
    // Whitespace and syntax only: names stay, so errors, logs and stack traces read as in the sources.
    // Shortened names held ~6 MB more resident, and would change names that code reads at run time
    // (esbuild's helpers that keep them cost more memory still).
    minifyWhitespace: true,
    minifySyntax: true,
    platform: "node",
    format: "cjs",
    supported: { "dynamic-import": false },
    target: "node20",
    logLevel: "warning",
    plugins: [recordInputs(stamp.inputs)],
  });
  for (const output of result.outputFiles) writeAtomically(output.path, output.contents);
  writeAtomically(STAMP, JSON.stringify(stamp));
  return true;
}
