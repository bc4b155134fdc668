// npm test: every suite, as many at once as the machine has cores, then one summary line per suite.
// Exits non-zero if any failed. Each suite's output goes to .tmp/test-logs/<suite>.log and is printed
// whole when the suite ends, so parallel suites never interleave their lines.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
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

async function vitest(name, workers, env) {
  const report = `.tmp/${name}.json`;
  rmSync(report, { force: true });
  const args = ["vitest", "run", `--maxWorkers=${workers}`, "--reporter=default", "--reporter=json", `--outputFile=${report}`];
  const { ok, seconds } = await run(name, "npx", args, env);
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

async function playwright(name) {
  const report = `.tmp/${name}.json`;
  rmSync(report, { force: true });
  const args = ["playwright", "test", "--reporter=list,json", `--output=test-results/${name}`];
  const { ok, seconds } = await run(name, "npx", args, { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  const json = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : null;
  const passed = (json?.stats?.expected ?? 0) + (json?.stats?.flaky ?? 0);
  const failed = json ? json.stats.unexpected + (ok ? 0 : json.stats.unexpected === 0 ? 1 : 0) : 1;
  results.push({ name, passed, failed, seconds });
  collectPlaywrightOutcomes(name, json?.suites);
}

/**
 * Runs each job once every job named in its `after` has ended, with at most `lanes` at once, taking
 * them in the order given: on a machine of N cores, N heavy processes, so no suite's timeouts depend
 * on how many others happen to share its cores.
 */
function runInLanes(jobs, lanes) {
  const waiting = [...jobs];
  const ended = new Set();
  let running = 0;
  return new Promise((resolve) => {
    const startReadyJobs = () => {
      if (waiting.length === 0 && running === 0) return resolve();
      while (running < lanes) {
        const index = waiting.findIndex((job) => (job.after ?? []).every((name) => ended.has(name)));
        if (index < 0) return;
        const [job] = waiting.splice(index, 1);
        running += 1;
        void job.run().finally(() => {
          running -= 1;
          ended.add(job.name);
          startReadyJobs();
        });
      }
    };
    startReadyJobs();
  });
}

// One lane per core. Each suite is one heavy process at a time: the API suites run one test file at
// a time (PGlite runs its queries in the test process, so a file is CPU-bound), and the browser
// journeys run one after another in one Playwright run, each journey mostly waiting on the browser
// or the server in turn. The gates go last: they fill the lane that frees up first.
const lanes = Math.max(1, availableParallelism());
const workersPerSuite = String(Math.max(1, Math.floor(lanes / 2)));
// Made once, before the API suites and the browser suite's servers use them.
await buildServerIfChanged();
const jobs = [
  { name: "web-build", run: () => gate("web-build", "npx", ["vite", "build"]) },
  { name: "api-pglite", run: () => vitest("api-pglite", workersPerSuite, { TEST_DB: "pglite" }) },
  { name: "browser", after: ["web-build"], run: () => playwright("browser") },
  process.env.TEST_DATABASE_URL
    ? { name: "api-postgres", run: () => vitest("api-postgres", workersPerSuite, { TEST_DB: "postgres" }) }
    : { name: "api-postgres", run: async () => console.log("(TEST_DATABASE_URL is not set: the API suite on PostgreSQL is skipped)") },
  { name: "typecheck", run: () => gate("typecheck", "npx", ["tsc", "--noEmit"]) },
  { name: "lint", run: () => gate("lint", "npx", ["eslint", ".", "--max-warnings", "0"]) },
];
console.log(`=== ${lanes} lanes (cores), ${workersPerSuite} test file(s) at a time per API suite`);
await runInLanes(jobs, lanes);

console.log("\n=== Summary");
for (const { name, passed, failed, seconds } of results) console.log(`${name}: ${passed} passed, ${failed} failed (${seconds}s)`);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
if (flaky.length > 0) console.log(`\nFLAKY (failed, then passed on the retry; fix each):\n${flaky.map((line) => `- FLAKY ${line}`).join("\n")}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `- ${line}`).join("\n")}`);
console.log(`${passed} passed (${flaky.length} flaky), ${failed} failed in ${Math.round((Date.now() - startedAt) / 1000)}s`);
process.exit(failed === 0 ? 0 : 1);
