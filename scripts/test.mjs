// npm test: every suite in turn, then one summary line per suite. Exits non-zero if any failed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

mkdirSync(".tmp", { recursive: true });
const results = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return { ok: child.status === 0, seconds: Math.round((Date.now() - started) / 1000) };
}

function gate(name, command, args) {
  const { ok, seconds } = run(name, command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

function vitest(name, env) {
  const report = `.tmp/${name}.json`;
  rmSync(report, { force: true });
  const { ok, seconds } = run(name, "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${report}`], env);
  const json = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : null;
  const passed = json?.numPassedTests ?? 0;
  const failed = json ? json.numFailedTests + (ok ? 0 : json.numFailedTests === 0 ? 1 : 0) : 1;
  results.push({ name, passed, failed, seconds });
}

function playwright(name) {
  const report = ".tmp/playwright.json";
  rmSync(report, { force: true });
  const { ok, seconds } = run(name, "npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  const json = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : null;
  const passed = json?.stats?.expected ?? 0;
  const failed = json ? json.stats.unexpected + (ok ? 0 : json.stats.unexpected === 0 ? 1 : 0) : 1;
  results.push({ name, passed, failed, seconds });
}

gate("typecheck", "npx", ["tsc", "--noEmit"]);
gate("lint", "npx", ["eslint", ".", "--max-warnings", "0"]);
vitest("api-pglite", { TEST_DB: "pglite" });
if (process.env.TEST_DATABASE_URL) vitest("api-postgres", { TEST_DB: "postgres" });
else console.log("\n(TEST_DATABASE_URL is not set: the API suite on PostgreSQL is skipped)");
gate("web-build", "npx", ["vite", "build"]);
playwright("browser");

console.log("\n=== Summary");
for (const { name, passed, failed, seconds } of results) console.log(`${name}: ${passed} passed, ${failed} failed (${seconds}s)`);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
