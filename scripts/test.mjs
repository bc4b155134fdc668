// npm test: every suite, in stages of suites that run side by side, then one summary line per suite.
// Exits non-zero if any failed. Each suite's output goes to .tmp/test-logs/<suite>.log and is printed
// whole when the suite ends, so parallel suites never interleave their lines.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { buildServerIfChanged } from "./server-bundle.mjs";

const LOGS = ".tmp/test-logs";
mkdirSync(LOGS, { recursive: true });
const results = [];
// CI shows only the tail of the output, so the failed tests are named again after the summary.
const failures = [];
// Browser tests that failed and then passed on CI's one retry: each is a bug to fix, never ignored.
const flaky = [];
const startedAt = Date.now();

function run(name, command, args, env = {}) {
  const log = `${LOGS}/${name}.log`;
  console.log(`=== ${name}: started (${command} ${args.join(" ")}), output in ${log}`);
  const started = Date.now();
  const output = createWriteStream(log);
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0", ...env } });
  child.stdout.pipe(output);
  child.stderr.pipe(output);
  return new Promise((resolve) => {
    child.once("close", (code) => {
      output.end(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        console.log(`\n=== ${name}: ${code === 0 ? "passed" : `FAILED (exit code ${code})`} in ${seconds}s\n${readFileSync(log, "utf8")}`);
        resolve({ ok: code === 0, seconds });
      });
    });
  });
}

async function gate(name, command, args) {
  const { ok, seconds } = await run(name, command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

async function vitest(name, env) {
  const report = `.tmp/${name}.json`;
  rmSync(report, { force: true });
  const { ok, seconds } = await run(name, "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${report}`], env);
  const json = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : null;
  const passed = json?.numPassedTests ?? 0;
  const failed = json ? json.numFailedTests + (ok ? 0 : json.numFailedTests === 0 ? 1 : 0) : 1;
  results.push({ name, passed, failed, seconds });
  for (const file of json?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") failures.push(`${name}: ${file.name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
}

// Playwright colours its error messages whatever FORCE_COLOR says.
const COLOUR_CODES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

function firstLine(message = "") {
  const line = message.split("\n").find((candidate) => candidate.trim() !== "") ?? "";
  return line.replace(COLOUR_CODES, "").trim().slice(0, 300);
}

/** The first line, the locator it waited for and the failing line: a CI log is often all there is to go on. */
function describePlaywrightError(error) {
  const message = error?.message ?? "";
  const locator = message.split("\n").find((line) => /^\s*Locator:/.test(line.replace(COLOUR_CODES, "")));
  const where = error?.location ? ` (${error.location.file.split(/[\\/]/).slice(-2).join("/")}:${error.location.line})` : "";
  return [firstLine(message), locator ? firstLine(locator) : null].filter(Boolean).join(" | ") + where;
}

/** Failed tests with their last error; tests that passed only on a retry with their first. */
function collectPlaywrightOutcomes(name, suites = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") {
          failures.push(`${name}: ${spec.file} > ${spec.title}: ${describePlaywrightError(test.results?.at(-1)?.error)}`);
        } else if (test.status === "flaky") {
          const firstFailure = test.results?.find((result) => result.status !== "passed");
          flaky.push(`${name}: ${spec.file} > ${spec.title}: ${describePlaywrightError(firstFailure?.error)}`);
        }
      }
    }
    collectPlaywrightOutcomes(name, suite.suites);
  }
}

async function playwright(name, shard) {
  const report = `.tmp/${name}.json`;
  rmSync(report, { force: true });
  // Each shard is its own Playwright run: its own servers, data folder, free ports and artifacts
  // folder (shards that share one delete and overwrite each other's traces).
  const args = ["playwright", "test", "--reporter=list,json", `--shard=${shard}`, `--output=test-results/${name}`];
  const { ok, seconds } = await run(name, "npx", args, { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  const json = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : null;
  const passed = (json?.stats?.expected ?? 0) + (json?.stats?.flaky ?? 0);
  const failed = json ? json.stats.unexpected + (ok ? 0 : json.stats.unexpected === 0 ? 1 : 0) : 1;
  results.push({ name, passed, failed, seconds });
  collectPlaywrightOutcomes(name, json?.suites);
}

// Stage 1: the static gates and the web build read the same sources and write nothing the others
// read; each is mostly one thread, so on two cores they finish in about the time of the longest. The
// server's bundles are made here too, once, before the API suites and both browser shards use them.
await Promise.all([
  gate("typecheck", "npx", ["tsc", "--noEmit"]),
  gate("lint", "npx", ["eslint", ".", "--max-warnings", "0"]),
  gate("web-build", "npx", ["vite", "build"]),
  buildServerIfChanged(),
]);

// Stage 2. The browser journeys mostly wait on the browser and the server (a run used about a fifth
// of one core), so two shards of them overlap with the API suite on PGlite, which is CPU-bound
// (PGlite runs its queries in the test processes). The same suite on PostgreSQL, each file in its
// own database, starts when the first shard ends: after the PGlite suite it made the run ~3 minutes
// longer while the machine was half idle.
const apiOnPglite = vitest("api-pglite", { TEST_DB: "pglite" });
const shards = [playwright("browser-1", "1/2"), playwright("browser-2", "2/2")];
const apiOnPostgres = process.env.TEST_DATABASE_URL
  ? Promise.race(shards).then(() => vitest("api-postgres", { TEST_DB: "postgres" }))
  : Promise.resolve(console.log("(TEST_DATABASE_URL is not set: the API suite on PostgreSQL is skipped)"));
await Promise.all([apiOnPglite, ...shards, apiOnPostgres]);

console.log("\n=== Summary");
for (const { name, passed, failed, seconds } of results) console.log(`${name}: ${passed} passed, ${failed} failed (${seconds}s)`);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
if (flaky.length > 0) console.log(`\nFLAKY (failed, then passed on the retry; fix each):\n${flaky.map((line) => `- FLAKY ${line}`).join("\n")}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `- ${line}`).join("\n")}`);
console.log(`${passed} passed (${flaky.length} flaky), ${failed} failed in ${Math.round((Date.now() - startedAt) / 1000)}s`);
process.exit(failed === 0 ? 0 : 1);
