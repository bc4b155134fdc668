// Runs a CommonJS bundle with V8's compiled code from an earlier run, kept beside it. Compiling the
// server's 4.7 MB bundle and the functions a start runs took 0.1 to 0.35 s of each start; with the
// code V8 made last time, the start skips most of it. Node 22 has module.enableCompileCache() for
// this; Node 20 has only vm.Script's cachedData, hence CommonJS and this runner.
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";

const DIGEST_BYTES = 32;

/**
 * The cache starts with the digest of the source it was made from: V8 itself compares only the
 * source's length (and its own version and flags), so a rebuilt bundle of the same length would
 * otherwise run the old bundle's code.
 */
function readCache(file, digest) {
  try {
    const bytes = readFileSync(file);
    return bytes.subarray(0, DIGEST_BYTES).equals(digest) ? bytes.subarray(DIGEST_BYTES) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Made when the process exits, so that it holds the code of every function the run compiled. Written
 * aside and renamed: instances starting meanwhile read a whole cache or none.
 */
function saveCacheOnExit(script, file, digest) {
  process.once("exit", () => {
    try {
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.concat([digest, script.createCachedData()]));
      renameSync(partial, file);
    } catch {
      // A read-only install runs without the cache: starts are a little slower, nothing else.
    }
  });
}

/** Runs `file` as Node runs a CommonJS module, from the code cache when it was made from this source. */
export function runWithCodeCache(file) {
  const source = readFileSync(file, "utf8");
  const digest = createHash("sha256").update(source).digest();
  const cacheFile = `${file}.code-cache`;
  const cachedData = readCache(cacheFile, digest);
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    cachedData,
    // import() in the bundle (the page renderer, SDKs loaded when configured) resolves as in any module.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  // None yet, another source, or V8 refused it (another V8 version or other flags): made again.
  if (!cachedData || script.cachedDataRejected) saveCacheOnExit(script, cacheFile, digest);
  const bundle = new Module(file);
  bundle.filename = file;
  script.runInThisContext().call(bundle.exports, bundle.exports, createRequire(file), bundle, file, path.dirname(file));
}
