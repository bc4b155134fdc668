import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { bundledScript } from "../test/server-bundles";

const RUNNER = pathToFileURL(path.resolve("scripts/code-cache.mjs")).href;

/** Runs `file` as npm start runs the server bundle, and returns what it printed. */
function runCached(file: string): Promise<string> {
  const program = `import(${JSON.stringify(RUNNER)}).then((runner) => runner.runWithCodeCache(${JSON.stringify(file)}))`;
  return new Promise((resolve, reject) => {
    execFile("node", ["-e", program], { timeout: 30_000 }, (error, stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(stdout)));
  });
}

/** A CommonJS program that prints `word` through the module system, loading an ES module as the server loads its page renderer. */
const program = (word: string) => `
const { sep } = require("node:path");
const { renderPage } = require("./entry-server.mjs");
console.log(${JSON.stringify(word)}, typeof require("node:os").cpus, sep, renderPage());
`;

describe("the server bundle's code cache", () => {
  it("is made by the first run, used by the next, and never runs the code of another source of the same length", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "code-cache-"));
    const file = path.join(folder, "bundle.cjs");
    const cache = `${file}.code-cache`;
    writeFileSync(path.join(folder, "entry-server.mjs"), 'export const renderPage = () => "rendered";');
    writeFileSync(file, program("first"));

    expect(await runCached(file)).toBe("first function / rendered\n");
    const made = statSync(cache).mtimeMs;
    expect(await runCached(file)).toBe("first function / rendered\n");
    // Accepted, so not made again.
    expect(statSync(cache).mtimeMs).toBe(made);

    writeFileSync(file, program("other"));
    expect(await runCached(file)).toBe("other function / rendered\n");
    expect(statSync(cache).mtimeMs).toBeGreaterThan(made);
    expect(await runCached(file)).toBe("other function / rendered\n");
  });

  it("is never asked to import(): the server bundle loads every module with require", () => {
    // Node 20 loses the import() callback of a script run from a code cache: every import() in the
    // bundle would fail from the second start on (esbuild turns them into require calls).
    const bundle = readFileSync(bundledScript("main"), "utf8");
    expect(bundle.match(/[^\w$.]import\(/g)).toBeNull();
  });
});
